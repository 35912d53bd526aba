import { LogIn } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import {
  type AdminLoginResponse,
  INVALID_PASSWORD_DESCRIPTION,
  INVALID_PASSWORD_TITLE,
  LOGIN_SUCCESS_DESCRIPTION,
  LOGIN_SUCCESS_TITLE,
} from "../schema";
import { rememberOwnerHints } from "./owner-hints";

/**
 * The admin login (spec section 2): the password (and a staff member's email) goes to the server, which checks it and
 * opens the session. The fields are uncontrolled, so that a password typed before the scripts ran survives hydration; the button is enabled
 * from what the field holds once they have.
 */
export function AdminLoginForm() {
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const codeId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [hasPassword, setHasPassword] = useState(false);
  useEffect(() => {
    setHasPassword(Boolean(passwordRef.current?.value));
  }, []);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setRefusal(null);
    try {
      const password = passwordRef.current?.value ?? "";
      const email = emailRef.current?.value.trim() ?? "";
      const code = codeRef.current?.value.trim() ?? "";
      // Without an address the password is the owner account's, as the spec's login has always sent it.
      const reply = await sendJson<AdminLoginResponse>("POST", "/api/admin/login", {
        ...(email && { email }),
        password,
        ...(code && { code }),
      });
      if (reply.ok && reply.body?.success) {
        rememberOwnerHints();
        toast({ title: LOGIN_SUCCESS_TITLE, description: LOGIN_SUCCESS_DESCRIPTION });
        // The root loader reads the new session (the floating menu); the owner goes on to the inbox, other staff to
        // the dashboard, whose menu holds their role's screens.
        await revalidate();
        await navigate(reply.body.role && reply.body.role !== "owner" ? "/admin" : "/admin/contacts");
        return;
      }
      if (reply.body?.twoFactorRequired) {
        // The password was right: it stays in its field while the person types the code.
        setNeedsCode(true);
        setRefusal(reply.body.message);
        return;
      }
      if (reply.status === 429) {
        const message = reply.body?.message ?? "Too many login attempts. Please wait and try again.";
        setRefusal(message);
        toast({ title: "Too many attempts", description: message, variant: "destructive" });
      } else {
        if (passwordRef.current) passwordRef.current.value = "";
        setHasPassword(false);
        toast({ title: INVALID_PASSWORD_TITLE, description: INVALID_PASSWORD_DESCRIPTION, variant: "destructive" });
      }
    } catch {
      toast({
        title: "Login failed",
        description: "The server could not be reached. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <h1 className="font-semibold text-2xl leading-tight">Admin Login</h1>
        <CardDescription>Enter the admin password to manage messages, applications and the calendar.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={emailId}>Email</Label>
            <Input id={emailId} type="email" name="email" autoComplete="username" ref={emailRef} />
            <p className="text-muted-foreground text-sm">
              Staff sign in with their email; the owner may leave it empty.
            </p>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={passwordId}>Password</Label>
            <Input
              id={passwordId}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              ref={passwordRef}
              onChange={(event) => setHasPassword(event.target.value !== "")}
              aria-describedby={refusal ? errorId : undefined}
            />
            {refusal ? (
              <p id={errorId} role="alert" className="text-red-300 text-sm">
                {refusal}
              </p>
            ) : null}
          </div>
          {needsCode ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor={codeId}>Authentication Code</Label>
              <Input
                id={codeId}
                name="code"
                autoComplete="one-time-code"
                required
                ref={codeRef}
                aria-describedby={refusal ? errorId : undefined}
              />
            </div>
          ) : null}
          <Button type="submit" disabled={submitting || !hasPassword}>
            <LogIn aria-hidden />
            {submitting ? "Logging in..." : "Login to Admin Panel"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
