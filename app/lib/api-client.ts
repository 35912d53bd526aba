export type JsonReply<T> = { ok: boolean; status: number; body: T | null };

/**
 * Sends a JSON body with the site's cookies and reads a JSON answer. A body that is not JSON reads as null;
 * a network failure rejects, so callers can tell "the server said no" from "the server was not reached".
 */
export async function sendJson<T>(method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: payload === undefined ? undefined : { "Content-Type": "application/json" },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const body = (await response.json().catch(() => null)) as T | null;
  return { ok: response.ok, status: response.status, body } satisfies JsonReply<T>;
}
