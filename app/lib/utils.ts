import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { classGroupTables } from "./class-groups";

/**
 * tailwind-merge's own merge, told only of the classes this app uses (app/lib/class-groups.ts, generated), so that a
 * caller's class still overrides a component's conflicting one without every page loading the tables of all of
 * Tailwind. app/lib/utils.test.ts holds it to the full configuration's answers.
 */
const mergeClasses = createTailwindMerge(() => ({ cacheSize: 500, theme: {}, ...classGroupTables }));

export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}
