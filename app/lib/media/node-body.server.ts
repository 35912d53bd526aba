import type { Readable } from "node:stream";

/** The Node stream behind a response made by `responseFromNodeStream`, for the server to pipe as it is. */
const nodeBodies = new WeakMap<Response, Readable>();

/**
 * A web stream over a Node stream that reads nothing until it is read: a response the server pipes from the Node
 * stream leaves it untouched, and code that reads the Response (tests, a wrapper) still gets the bytes.
 */
function lazyWebStream(body: Readable): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= body[Symbol.asyncIterator]();
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
      },
      cancel() {
        body.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A Response whose body is a file's Node stream: the server writes it to the socket with `pipe`, without turning each
 * chunk into a web stream's and back (docs/decisions/058-download-analytics.md).
 */
export function responseFromNodeStream(body: Readable, init: ResponseInit): Response {
  const response = new Response(lazyWebStream(body), init);
  nodeBodies.set(response, body);
  return response;
}

export const nodeBodyOf = (response: Response): Readable | undefined => nodeBodies.get(response);
