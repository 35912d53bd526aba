import { HONEYPOT_FIELD } from "~/lib/honeypot";

/** The hidden field of lib/honeypot.ts: off screen, out of the tab order and of the accessibility tree. */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="-left-[10000px] absolute top-auto h-px w-px overflow-hidden">
      <label>
        Homepage
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
