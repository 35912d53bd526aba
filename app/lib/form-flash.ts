/**
 * A form's outcome as its toast shows it: the spec's title and description, red for a refusal. A form posted without
 * JavaScript gets it back from the page's action (components/form-flash.tsx shows it).
 */
export type FormFlash = { title: string; description: string; variant?: "destructive" };
