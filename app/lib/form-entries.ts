/** Names that would reach an object's prototype rather than a field of its own. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * A form's fields as a plain object, for the same zod schema the API parses: a dotted name ("socialLinks.linkedin")
 * becomes a nested object. Used in the browser on submit (the inputs are uncontrolled, so what was typed before the
 * scripts ran is kept) and on the server for a form posted without JavaScript. Files are left out.
 */
export function formFields(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (typeof value !== "string") continue;
    const path = name.split(".");
    if (path.some((key) => UNSAFE_KEYS.has(key))) continue;
    let target = fields;
    for (const key of path.slice(0, -1)) {
      const next = target[key];
      if (typeof next === "object" && next !== null) target = next as Record<string, unknown>;
      else target = target[key] = {};
    }
    const last = path[path.length - 1];
    if (!(last in target)) target[last] = value;
  }
  return fields;
}

/** Empties a form after it was sent: its text fields and the first choice of each list. Hidden fields stay. */
export function clearForm(form: HTMLFormElement) {
  for (const element of form.elements) {
    if (element instanceof HTMLTextAreaElement) element.value = "";
    else if (element instanceof HTMLInputElement && element.type !== "hidden") element.value = "";
    else if (element instanceof HTMLSelectElement) element.selectedIndex = 0;
  }
}
