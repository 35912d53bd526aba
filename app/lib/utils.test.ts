import { getDefaultConfig, twMerge } from "tailwind-merge";
import { createParseClassName } from "tailwind-merge/unstable-do-not-import";
import { describe, expect, it } from "vitest";
import { collectSourceWords } from "../../scripts/class-groups";
import { cn } from "./utils";

const parse = createParseClassName(getDefaultConfig());

/** The Tailwind classes the app's source names, with their variants, as the full configuration recognises them. */
const classNames = collectSourceWords().filter((word) => twMerge(`${word} ${word}`) === word);

/** Classes conflict only under the same variants and importance, so pairs are formed within each such set. */
const byVariants = new Map<string, string[]>();
for (const className of classNames) {
  const { modifiers, hasImportantModifier } = parse(className);
  const key = `${[...modifiers].sort().join(":")}${hasImportantModifier ? "!" : ""}`;
  byVariants.set(key, [...(byVariants.get(key) ?? []), className]);
}

describe("cn", () => {
  it("finds the app's classes in its source", () => {
    expect(classNames).toEqual(expect.arrayContaining(["flex", "px-4", "text-sm", "hover:bg-accent", "size-4"]));
    expect(classNames.length).toBeGreaterThan(300);
  });

  it("merges every pair of the app's classes as tailwind-merge's full configuration does (else: npm run class-groups)", () => {
    const differences: string[] = [];
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          const classes = `${first} ${second}`;
          if (cn(classes) !== twMerge(classes))
            differences.push(`${classes} → ${cn(classes)}, not ${twMerge(classes)}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it("lets a caller's class override a component's conflicting one, and keeps classes it does not know", () => {
    expect(cn("inline-flex h-10 px-4 py-2 text-sm", "h-12 px-6", undefined, false)).toBe(
      "inline-flex py-2 text-sm h-12 px-6",
    );
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("text-sm text-muted-foreground", "text-lg")).toBe("text-muted-foreground text-lg");
    expect(cn("hover:bg-accent bg-card", "hover:bg-secondary")).toBe("bg-card hover:bg-secondary");
    expect(cn("not-a-tailwind-class flex", "grid")).toBe("not-a-tailwind-class grid");
    // A class no source file names is not in the tables until they are generated again, so it is kept beside the other.
    expect(cn("px-4", "px-7")).toBe("px-4 px-7");
  });
});
