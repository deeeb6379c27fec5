import type { IncomingMessage } from "node:http";

/** 1 MiB: far above any support tool call, far below what could hurt the process. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export type BodyResult =
  | { readonly kind: "ok"; readonly text: string }
  | { readonly kind: "too_large" }
  | { readonly kind: "aborted" };

/**
 * Reads the body up to `limit` bytes. A declared Content-Length above the limit is refused before any
 * byte is kept; a chunked body is cut off as soon as it passes the limit. The rest is read and discarded
 * rather than the connection closed: closing with unread bytes sends a TCP reset, which can destroy the 413
 * before the client reads it. The server's request timeout (10 s) bounds how long a client can keep sending.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    request.resume();
    return Promise.resolve({ kind: "too_large" });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyResult): void => {
      if (done) return;
      done = true;
      request.off("data", onData);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        request.resume();
        finish({ kind: "too_large" });
        return;
      }
      chunks.push(chunk);
    };
    request.on("data", onData);
    request.once("end", () => finish({ kind: "ok", text: Buffer.concat(chunks, size).toString("utf8") }));
    request.once("aborted", () => finish({ kind: "aborted" }));
    request.once("error", () => finish({ kind: "aborted" }));
  });
}
