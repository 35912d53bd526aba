import { useEffect, useState } from "react";
import { useOwnerAction } from "~/components/publishing/owner-list-panel";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
import { Textarea } from "~/components/ui/textarea";
import { sendJson } from "~/lib/api-client";
import { formatDateTime } from "~/lib/format-date";
import type { ContactReply } from "../inbox-types";

/** The replies sent to a message, and a form to mail another one to its sender (kept with the message). */
export function ContactReplies({ contactId, email }: { contactId: number; email: string }) {
  const [replies, setReplies] = useState<ContactReply[]>([]);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);

  const load = async () => {
    const response = await fetch(`/api/admin/contacts/${contactId}/replies`, { credentials: "include" });
    const body = (await response.json().catch(() => null)) as { data?: ContactReply[] } | null;
    if (response.ok && body?.data) setReplies(body.data);
  };
  const runAction = useOwnerAction(load);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when another message is opened
  useEffect(() => {
    void load();
  }, [contactId]);

  async function send() {
    setSending(true);
    const sent = await runAction(
      () => sendJson("POST", `/api/admin/contacts/${contactId}/replies`, { message: draft }),
      {
        success: { title: "Success", description: `Reply sent to ${email}` },
        failure: { title: "Error", description: "Failed to send the reply", serverMessage: true },
      },
    );
    setSending(false);
    if (sent) setDraft("");
  }

  return (
    <section aria-label="Replies" className="space-y-3">
      {replies.map((reply) => (
        <div key={reply.id} className="rounded-md border border-border p-3 text-sm">
          <p className="text-muted-foreground text-xs">
            Replied by {reply.sentBy} on {formatDateTime(reply.createdAt)}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words">{reply.message}</p>
        </div>
      ))}
      <div className="space-y-2">
        <Label htmlFor={`reply-${contactId}`}>Reply to {email}</Label>
        <Textarea
          id={`reply-${contactId}`}
          rows={4}
          maxLength={10_000}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <LiveButton onClick={() => void send()} disabled={sending || draft.trim() === ""}>
          {sending ? "Sending..." : "Send Reply"}
        </LiveButton>
      </div>
    </section>
  );
}
