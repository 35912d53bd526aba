import { Share2 } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { Button } from "~/components/ui/button";
import { useComponentWhen } from "~/hooks/use-component-when";
import type { InsightPost } from "../schema";

export type ShareMenuProps = { post: Pick<InsightPost, "title" | "excerpt">; articleUrl: string };

/** The card's share button, the same before and after the menu's code has arrived. */
export function ShareButton({ postTitle, ...props }: ComponentProps<typeof Button> & { postTitle: string }) {
  return (
    <Button variant="ghost" size="icon" aria-label={`Share "${postTitle}"`} {...props}>
      <Share2 className="size-4" aria-hidden />
    </Button>
  );
}

/**
 * The share button until its menu is first wanted: a pointer over it, focus on it or a press loads the menu (Radix's,
 * in scripted-share-menu.tsx), which then takes the button's place, open if it was pressed. So the insights list's
 * first load does not carry a menu for each card (docs/decisions/044-page-code-budget.md).
 */
export function ShareMenu(props: ShareMenuProps) {
  const [wanted, setWanted] = useState(false);
  const [pressed, setPressed] = useState<"pointer" | "keyboard" | null>(null);
  const [focused, setFocused] = useState(false);
  const ScriptedShareMenu = useComponentWhen(wanted, loadScriptedShareMenu);
  // A press before the menu has arrived opens it when it does; Enter or Space (a click with no pointer behind it,
  // detail 0) then puts focus on its first item, as the menu's own trigger does.
  const press = (by: "pointer" | "keyboard") => {
    setPressed(by);
    setWanted(true);
  };
  if (ScriptedShareMenu) return <ScriptedShareMenu {...props} openedBy={pressed} focusTrigger={focused} />;
  return (
    <ShareButton
      postTitle={props.post.title}
      onPointerEnter={() => setWanted(true)}
      onFocus={() => {
        setFocused(true);
        setWanted(true);
      }}
      onBlur={() => setFocused(false)}
      onPointerDown={() => press("pointer")}
      onClick={(event) => press(event.detail === 0 ? "keyboard" : "pointer")}
    />
  );
}

const loadScriptedShareMenu = () => import("./scripted-share-menu").then((module) => module.ScriptedShareMenu);
