import { BookOpen } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  ModalDialog,
  ModalDialogDescription,
  ModalDialogHeader,
  ModalDialogTitle,
  modalDialogCommand,
} from "~/components/ui/modal-dialog";
import { type ConfessionStory, storyParagraphs } from "../schema";

/**
 * "Read Full Story": the whole story in a modal closed by its close button, a click on the backdrop or Escape. It is
 * the platform's dialog, in the page's HTML, so it opens before and without scripts.
 */
export function StoryDialog({ story }: { story: ConfessionStory }) {
  const dialogId = `story-${story.id}-full`;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Read Full Story: ${story.title}`}
        aria-haspopup="dialog"
        className="-ml-3 text-primary hover:text-primary"
        {...modalDialogCommand(dialogId, "show-modal")}
      >
        <BookOpen aria-hidden="true" />
        Read Full Story
      </Button>
      <ModalDialog
        id={dialogId}
        aria-labelledby={`${dialogId}-title`}
        aria-describedby={`${dialogId}-description`}
        className="sm:max-w-2xl"
      >
        <ModalDialogHeader>
          <ModalDialogTitle id={`${dialogId}-title`}>{story.title}</ModalDialogTitle>
          <ModalDialogDescription id={`${dialogId}-description`}>{story.description}</ModalDialogDescription>
        </ModalDialogHeader>
        <div className="space-y-4 leading-relaxed">
          {storyParagraphs(story.fullStory).map((paragraph) => (
            <p key={paragraph} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      </ModalDialog>
    </>
  );
}
