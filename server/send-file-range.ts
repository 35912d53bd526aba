import fs from "node:fs";
import type { ServerResponse } from "node:http";
import { READ_CHUNK_BYTES } from "../app/lib/media/disk-storage.server";

/**
 * Read buffers kept for the next response once the socket has taken their bytes. A new megabyte per read kept the
 * garbage collector busy for a tenth of the time audio was served; at most this many stay in memory between bursts.
 */
const MOST_KEPT_BUFFERS = 16;
const keptBuffers: Buffer[] = [];

const takeBuffer = () => keptBuffers.pop() ?? Buffer.allocUnsafeSlow(READ_CHUNK_BYTES);

const giveBack = (buffer: Buffer) => {
  if (keptBuffers.length < MOST_KEPT_BUFFERS) keptBuffers.push(buffer);
};

/**
 * Sends bytes `start` to `end` (inclusive) of a file as the body of a response whose headers are set, a large read
 * at a time, each read waiting for the socket to take the one before (the response's backpressure). A buffer goes back
 * for reuse only from its write's callback, once the socket no longer holds it: a write that never completes (the
 * client gone) leaves its buffer to the garbage collector rather than to another response. The file is closed as soon
 * as the body is sent, a read fails or the client hangs up, whichever comes first.
 */
export function sendFileRange(res: ServerResponse, path: string, start: number, end: number): void {
  if (start > end) {
    res.end();
    return;
  }
  fs.open(path, "r", (openError, fd) => {
    if (openError) {
      res.destroy(openError);
      return;
    }
    let open = true;
    let reading = false;
    let position = start;
    const close = () => {
      if (!open) return;
      open = false;
      fs.close(fd, () => {});
    };
    const readNext = () => {
      if (res.destroyed) {
        close();
        return;
      }
      const buffer = takeBuffer();
      reading = true;
      fs.read(fd, buffer, 0, Math.min(buffer.length, end - position + 1), position, (readError, bytesRead) => {
        reading = false;
        if (readError || bytesRead === 0 || res.destroyed) {
          giveBack(buffer);
          close();
          // The headers are out: a file that fails or turns out shorter than its size can only cut the body short.
          if (!res.destroyed) res.destroy(readError ?? new Error(`${path} ended before byte ${end}`));
          return;
        }
        position += bytesRead;
        const chunk = bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
        const flowing = res.write(chunk, () => giveBack(buffer));
        if (position > end) {
          close();
          res.end();
        } else if (flowing) readNext();
        else res.once("drain", readNext);
      });
    };
    // A client that hangs up while a write waits for room: no drain will come, so the file is closed here; during a
    // read, the read's callback closes it.
    res.once("close", () => {
      if (!reading) close();
    });
    readNext();
  });
}
