import { ArrowDown, ArrowUp, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { LiveButton } from "~/components/ui/live-button";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import type { OwnerStory } from "../editor-schema";

type OrderReply = { success?: boolean; message?: string; data?: OwnerStory[] };

/**
 * The owner's stories in the About page's order, each with its edit link and buttons to move it up or down. A move is
 * saved at once; the server answers the whole order, which the list then shows.
 */
export function OwnerStoriesPanel({ stories: initial }: { stories: OwnerStory[] }) {
  const [stories, setStories] = useState(initial);
  const [saving, setSaving] = useState(false);

  async function move(index: number, step: -1 | 1) {
    const ids = stories.map((story) => story.id);
    [ids[index], ids[index + step]] = [ids[index + step], ids[index]];
    setSaving(true);
    try {
      const reply = await sendJson<OrderReply>("PUT", "/api/admin/stories/order", { ids });
      if (reply.ok && reply.body?.data) setStories(reply.body.data);
      else
        toast({
          title: "Order Not Saved",
          description: reply.body?.message ?? "Please try again.",
          variant: "destructive",
        });
    } catch {
      toast({ title: "Order Not Saved", description: "The server could not be reached.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button asChild>
          <Link to="/admin/stories/new">
            <Plus aria-hidden />
            New Story
          </Link>
        </Button>
      </div>
      {stories.length === 0 ? (
        <p className="text-muted-foreground">No stories yet: the About page shows none.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Stories in the About page's order">
          {stories.map((story, index) => (
            <li key={story.id} className="flex items-center gap-4 rounded-lg border border-border p-4">
              <span className="w-6 text-right text-muted-foreground tabular-nums">{index + 1}</span>
              <div className="min-w-0 flex-1">
                <Link to={`/admin/stories/${story.id}`} className="font-semibold hover:underline">
                  {story.title}
                </Link>
                <p className="truncate text-muted-foreground text-sm">{story.excerpt}</p>
              </div>
              <div className="flex gap-1">
                <LiveButton
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`Move up: ${story.title}`}
                  disabled={saving || index === 0}
                  onClick={() => void move(index, -1)}
                >
                  <ArrowUp aria-hidden />
                </LiveButton>
                <LiveButton
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`Move down: ${story.title}`}
                  disabled={saving || index === stories.length - 1}
                  onClick={() => void move(index, 1)}
                >
                  <ArrowDown aria-hidden />
                </LiveButton>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
