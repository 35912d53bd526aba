import type { JsonReply } from "./api-client";

export type UploadProgress = { sentBytes: number; totalBytes: number };

export type UploadUnderWay<T> = {
  /** The server's answer (a body that is not JSON reads as null); rejects when the server was not reached. */
  reply: Promise<JsonReply<T>>;
  /** Stops sending; `reply` then rejects with an AbortError. */
  abort(): void;
};

/**
 * Sends a form with files and reports how much of it has gone, which fetch cannot do for a request body:
 * XMLHttpRequest's `upload.onprogress` can.
 */
export function sendFormWithProgress<T>(
  method: "POST" | "PUT",
  url: string,
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
): UploadUnderWay<T> {
  const request = new XMLHttpRequest();
  const reply = new Promise<JsonReply<T>>((resolve, reject) => {
    request.open(method, url);
    request.withCredentials = true;
    request.responseType = "text";
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ sentBytes: event.loaded, totalBytes: event.total });
    };
    request.onload = () => {
      let body: T | null = null;
      try {
        body = JSON.parse(request.responseText) as T;
      } catch {
        body = null;
      }
      resolve({ ok: request.status >= 200 && request.status < 300, status: request.status, body });
    };
    request.onerror = () => reject(new TypeError("The upload could not reach the server."));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    request.send(form);
  });
  return { reply, abort: () => request.abort() };
}
