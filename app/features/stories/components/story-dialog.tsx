import { BookOpen } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { type ConfessionStory, storyParagraphs } from "../schema";

/** "Read Full Story": the whole story in a modal closed by its close button, a click on the backdrop or Escape. */
export function StoryDialog({ story }: { story: ConfessionStory }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Read Full Story: ${story.title}`}
          className="-ml-3 text-primary hover:text-primary"
        >
          <BookOpen aria-hidden="true" />
          Read Full Story
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{story.title}</DialogTitle>
          <DialogDescription>{story.description}</DialogDescription>
        </DialogHeader>
        <div className="space-y-4 leading-relaxed">
          {storyParagraphs(story.fullStory).map((paragraph) => (
            <p key={paragraph} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
