import type { ReactNode } from "react";
import { Label } from "~/components/ui/label";

/** A labelled field with its validation message (the control gets aria-describedby `${id}-error`). */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-red-300 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field of a failed zod parse, or of the API's `errors` map. */
export function firstErrors(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

export function errorsFromApi(errors: Record<string, string[]> | undefined): FieldErrors {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([field, messages]) => [field, messages[0]]));
}
