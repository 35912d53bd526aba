/**
 * Every public form carries a field people never see or fill; software that fills every field fills it too. The
 * server answers such a submission as if it had succeeded and stores nothing, so the sender learns nothing.
 */
export const HONEYPOT_FIELD = "homepage";

export const isHoneypotFilled = (input: { [HONEYPOT_FIELD]?: string }) => Boolean(input[HONEYPOT_FIELD]);

/** What a submitted form adds to its payload: the honeypot only when something filled it in. */
export function honeypotPayload(form: HTMLFormElement): { [HONEYPOT_FIELD]?: string } {
  const value = new FormData(form).get(HONEYPOT_FIELD);
  return typeof value === "string" && value !== "" ? { [HONEYPOT_FIELD]: value } : {};
}
