import { Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { TitledCard } from "~/components/titled-card";
import { LiveButton } from "~/components/ui/live-button";

/** The rows of a list the owner adds to and removes from in an editor (chapters, guests, sources). */

/** Rows get keys of their own, so that removing one keeps what was typed in the others. */
let nextRowKey = 0;

/** The rows of a list the owner edits (chapters, guests, sources), each with a key of its own. */
export function useEditableRows<Row extends object>(initial: () => Row[]) {
  const [rows, setRows] = useState(() => initial().map((row) => ({ ...row, key: ++nextRowKey })));
  return {
    rows,
    add: (row: Row) => setRows((current) => [...current, { ...row, key: ++nextRowKey }]),
    remove: (key: number) => setRows((current) => current.filter((row) => row.key !== key)),
  };
}

/** One row of such a list: its fields, named for screen readers by the legend, and its Remove button. */
export function EditableRow({
  legend,
  columns,
  onRemove,
  children,
}: {
  /** "Chapter 2": the legend, and the button reads "Remove chapter 2". */
  legend: string;
  /** The grid's columns from the small breakpoint on, the button's last. */
  columns: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className={`grid gap-3 sm:items-end ${columns}`}>
      <legend className="sr-only">{legend}</legend>
      {children}
      <LiveButton
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Remove ${legend.toLowerCase()}`}
        onClick={onRemove}
      >
        <Trash2 aria-hidden />
      </LiveButton>
    </fieldset>
  );
}

/**
 * A card of rows the owner adds and removes: its title and description, the message about the list as a whole, the
 * rows, and under them the buttons that add one.
 */
export function EditableRowsCard({
  title,
  description,
  error,
  addButtons,
  children,
}: {
  title: string;
  description: string;
  error?: string;
  addButtons: ReactNode;
  children: ReactNode;
}) {
  return (
    <TitledCard title={title} description={description} className="grid gap-3">
      {error ? <p className="text-red-300 text-sm">{error}</p> : null}
      {children}
      <div className="flex flex-wrap items-end gap-3">{addButtons}</div>
    </TitledCard>
  );
}

/** The button under a list of rows that adds an empty one. */
export function AddRowButton({ label, onAdd }: { label: string; onAdd: () => void }) {
  return (
    <LiveButton type="button" variant="outline" onClick={onAdd}>
      <Plus aria-hidden />
      {label}
    </LiveButton>
  );
}
