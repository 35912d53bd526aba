import { type ReactNode, useId } from "react";
import { Label } from "~/components/ui/label";

/** What a field's control takes to be tied to its label and hint. */
export type FieldControlProps = { id: string; "aria-describedby"?: string };

/**
 * A labelled field of an owner's form, with its hint and the message its last check gave (the control points at it
 * with aria-describedby `${id}-error`). The control takes the field's id: the one given, or, when `children` is a
 * function, one made here and handed to it with the hint that describes it.
 */
export function FormField({
  id: givenId,
  label,
  hint,
  error,
  children,
}: {
  id?: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
}) {
  const madeId = useId();
  const id = givenId ?? madeId;
  return (
    <div className="grid gap-2">
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
      </Label>
      {typeof children === "function"
        ? children({ id, "aria-describedby": hint ? `${id}-hint` : undefined })
        : children}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's message from its last check, which its control names with aria-describedby `${id}-error`. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="text-red-300 text-sm">
      {error}
    </p>
  ) : null;
}
