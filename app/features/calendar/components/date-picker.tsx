import { CalendarDays } from "lucide-react";
import { useState } from "react";
import { Calendar } from "~/components/ui/calendar";
import { LiveButton } from "~/components/ui/live-button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { formatTableDate } from "~/lib/format-date";
import { cn } from "~/lib/utils";

/** "YYYY-MM-DD" of a date picked in the calendar (the reader's local calendar day). */
function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of a "YYYY-MM-DD" day, as the calendar grid counts days. */
function localDate(day: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year, month - 1, date);
}

/**
 * A single-date calendar in a popover (spec section 2). The value is a calendar day, "YYYY-MM-DD", or null. The
 * button is named by the field's label (`${id}-label`) and the date it shows.
 */
export function DatePicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | null;
  onChange: (day: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const selected = value ? localDate(value) : undefined;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <LiveButton
          id={id}
          type="button"
          aria-labelledby={`${id}-label ${id}-value`}
          variant="outline"
          className={cn("w-full justify-start text-left font-normal", !value && "text-muted-foreground")}
        >
          <CalendarDays aria-hidden />
          <span id={`${id}-value`}>{value ? formatTableDate(`${value}T00:00:00Z`) : "Pick a date"}</span>
        </LiveButton>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-0" align="start">
        <Calendar
          mode="single"
          selected={selected}
          defaultMonth={selected}
          onSelect={(date) => {
            onChange(date ? dayOf(date) : null);
            setOpen(false);
          }}
          autoFocus
        />
        {value ? (
          <div className="border-border border-t p-2">
            <LiveButton
              type="button"
              variant="ghost"
              size="sm"
              className="w-full"
              onClick={() => {
                onChange(null);
                setOpen(false);
              }}
            >
              Clear date
            </LiveButton>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
