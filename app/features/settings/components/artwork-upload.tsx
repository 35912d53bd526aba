import { type FormEvent, useState } from "react";
import { TitledCard } from "~/components/titled-card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { ARTWORK_REMOVED_MESSAGE, ARTWORK_UPLOADED_MESSAGE, type OwnerSettings } from "../settings-schema";

type Artwork = OwnerSettings["artwork"];
type Reply = { success?: boolean; message?: string; data?: Artwork };

const ENDPOINT = "/api/admin/settings/artwork";

/** The show's artwork: a square JPEG or PNG is checked by the server, which also makes the pages' WebP copies. */
export function ArtworkUpload({ initial }: { initial: Artwork }) {
  const [artwork, setArtwork] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function answer(reply: Promise<{ ok: boolean; body: Reply | null }>, success: string) {
    setBusy(true);
    try {
      const { ok, body } = await reply;
      if (ok && body?.data) {
        setArtwork(body.data);
        toast({ title: success, description: "The feed and every page show the new artwork." });
      } else {
        toast({
          title: "Error",
          description: body?.message ?? "The artwork could not be saved.",
          variant: "destructive",
        });
      }
    } catch {
      toast({
        title: "Error",
        description: "The server could not be reached. Please try again.",
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const sent = fetch(ENDPOINT, { method: "PUT", body: form, credentials: "include" }).then(async (response) => ({
      ok: response.ok,
      body: (await response.json().catch(() => null)) as Reply | null,
    }));
    void answer(sent, ARTWORK_UPLOADED_MESSAGE);
  }

  return (
    <TitledCard
      title="Artwork"
      description="The show's artwork in the feed, the podcast directories and on the pages."
      className="flex flex-wrap items-start gap-6"
    >
      <img
        src={artwork.onPage.src}
        srcSet={artwork.onPage.srcSet}
        sizes="160px"
        width={160}
        height={160}
        alt="The show's artwork"
        className="rounded-lg border border-border"
      />
      <form onSubmit={upload} aria-label="Artwork upload" className="grid gap-2">
        <Label htmlFor="settings-artwork">Artwork file</Label>
        <Input id="settings-artwork" type="file" name="artwork" accept="image/jpeg,image/png" required />
        <p className="text-muted-foreground text-xs">
          JPEG or PNG, square, 1400 to 3000 pixels a side (what Apple Podcasts asks for).
        </p>
        <div className="flex gap-2">
          <LiveButton type="submit" disabled={busy}>
            Upload Artwork
          </LiveButton>
          {artwork.uploaded ? (
            <LiveButton
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() => void answer(sendJson<Reply>("DELETE", ENDPOINT), ARTWORK_REMOVED_MESSAGE)}
            >
              Use the Default Artwork
            </LiveButton>
          ) : null}
        </div>
      </form>
    </TitledCard>
  );
}
