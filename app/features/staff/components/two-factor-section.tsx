import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";

type Setup = { secret: string; uri: string };

/**
 * Optional two-factor sign-in for the signed-in person: set up an authenticator app (its key typed in, or the
 * otpauth address), confirm with a code, keep the ten recovery codes shown once; or turn it off with a code.
 */
export function TwoFactorSection({ enabled, recoveryCodesLeft }: { enabled: boolean; recoveryCodesLeft: number }) {
  const codeId = useId();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const { revalidate } = useRevalidator();

  async function call<T>(url: string, payload?: unknown) {
    setBusy(true);
    try {
      const reply = await sendJson<{ message?: string; data?: T }>("POST", url, payload);
      if (!reply.ok) {
        toast({
          title: "Not Changed",
          description: reply.body?.message ?? "Please try again.",
          variant: "destructive",
        });
        return null;
      }
      return reply.body?.data ?? ({} as T);
    } catch {
      toast({ title: "Not Changed", description: "The server could not be reached.", variant: "destructive" });
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    const data = await call<{ recoveryCodes: string[] }>("/api/admin/two-factor/confirm", { code });
    if (data?.recoveryCodes) {
      setRecoveryCodes(data.recoveryCodes);
      setSetup(null);
      await revalidate();
    }
  }

  async function turnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    if (await call("/api/admin/two-factor/disable", { code })) {
      toast({ title: "Two-Factor Off", description: "Your password alone signs you in again." });
      await revalidate();
    }
  }

  return (
    <section aria-labelledby={`${codeId}-heading`} className="rounded-lg border border-border p-6">
      <h2 id={`${codeId}-heading`} className="font-semibold text-xl">
        Two-Factor Authentication
      </h2>
      {recoveryCodes ? (
        <div className="mt-4">
          <p>
            Two-factor authentication is on. Keep these recovery codes somewhere safe: each signs you in once without
            the app, and they are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      ) : enabled ? (
        <form onSubmit={turnOff} className="mt-4 flex flex-col gap-3">
          <p className="text-muted-foreground">
            On: signing in asks for a code from your authenticator app. {recoveryCodesLeft} recovery codes left.
          </p>
          <Label htmlFor={codeId}>Code</Label>
          <Input id={codeId} name="code" autoComplete="one-time-code" required className="max-w-xs" />
          <Button type="submit" variant="outline" disabled={busy} className="self-start">
            Turn Off Two-Factor
          </Button>
        </form>
      ) : setup ? (
        <form onSubmit={confirm} className="mt-4 flex flex-col gap-3">
          <p>Add this key to your authenticator app, then enter the code it shows.</p>
          <p>
            Key: <code className="break-all font-mono">{setup.secret}</code>
          </p>
          <a href={setup.uri} className="self-start text-primary underline">
            Open in an authenticator app on this device
          </a>
          <Label htmlFor={codeId}>Code</Label>
          <Input id={codeId} name="code" autoComplete="one-time-code" required className="max-w-xs" />
          <Button type="submit" disabled={busy} className="self-start">
            Turn On Two-Factor
          </Button>
        </form>
      ) : (
        <div className="mt-4 flex flex-col gap-3">
          <p className="text-muted-foreground">Off: your password alone signs you in.</p>
          <Button
            type="button"
            disabled={busy}
            className="self-start"
            onClick={async () => {
              const data = await call<Setup>("/api/admin/two-factor");
              if (data?.secret) setSetup(data);
            }}
          >
            Set Up Two-Factor
          </Button>
        </div>
      )}
    </section>
  );
}
