import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { FormField } from "~/components/form-field";
import { TitledCard } from "~/components/titled-card";
import { Input } from "~/components/ui/input";
import { LiveButton } from "~/components/ui/live-button";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { type FeedImportProgress, FeedImportStartSchema } from "../feed-import-schema";

type Reply = { success?: boolean; message?: string; errors?: Record<string, string[]>; data?: { id: number } };

/**
 * The Settings screen's Import section: the address of the show's current feed starts an import, whose progress has a
 * page of its own (/admin/imports/{id}); the latest import's state is shown here with a link to it.
 */
export function FeedImportPanel({ latest }: { latest: FeedImportProgress | null }) {
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = FeedImportStartSchema.safeParse({ feedUrl: new FormData(event.currentTarget).get("feedUrl") });
    if (!checked.success) {
      setError(checked.error.issues[0].message);
      return;
    }
    setError(undefined);
    setStarting(true);
    try {
      const reply = await sendJson<Reply>("POST", "/api/admin/imports", checked.data);
      if (reply.ok && reply.body?.data) {
        await navigate(`/admin/imports/${reply.body.data.id}`);
        return;
      }
      setError(reply.body?.errors?.feedUrl?.[0] ?? reply.body?.message ?? "The import could not be started.");
    } catch {
      toast({
        title: "Error",
        description: "The server could not be reached. Please try again.",
        variant: "destructive",
      });
    } finally {
      setStarting(false);
    }
  }

  return (
    <TitledCard
      title="Import"
      description="Bring in a show from its current feed: every episode keeps its GUID, so listeners' apps see nothing new."
      className="grid gap-4"
    >
      <form onSubmit={handleSubmit} noValidate aria-label="Import a show" className="grid gap-4">
        <FormField
          label="Address of the show's current feed"
          hint="Its owner must have unlocked it at the current host (podcast:locked no). A second import of the same feed adds only new episodes."
          error={error}
        >
          {(props) => (
            <Input
              {...props}
              type="url"
              name="feedUrl"
              required
              placeholder="https://feeds.example.com/show.xml"
              aria-invalid={error ? true : undefined}
              aria-describedby={[props["aria-describedby"], error ? `${props.id}-error` : null]
                .filter(Boolean)
                .join(" ")}
            />
          )}
        </FormField>
        <div>
          <LiveButton type="submit" disabled={starting}>
            {starting ? "Reading the feed..." : "Import"}
          </LiveButton>
        </div>
      </form>
      {latest ? (
        <p className="text-sm">
          Latest import, of {latest.feedUrl}: {latest.message}{" "}
          <Link to={`/admin/imports/${latest.id}`} className="underline">
            See its progress
          </Link>
        </p>
      ) : null}
    </TitledCard>
  );
}
