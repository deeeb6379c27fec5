import { request as httpRequest } from "node:http";

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

export interface RawRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Sent with a Content-Length. */
  readonly body?: Buffer;
  /** Sent chunked, without a Content-Length, in 64 KiB pieces. */
  readonly chunked?: Buffer;
}

/**
 * One HTTP request with exact control over headers and framing (fetch adds its own). Resolves with the
 * answer even when the server stops reading the body early (413); rejects only when no answer came.
 */
export function sendRawRequest(raw: RawRequest, timeoutMs = 15_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...raw.headers };
    if (raw.body) headers["content-length"] = String(raw.body.length);
    const request = httpRequest(raw.url, { method: raw.method, headers, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    // Writing after the server answered and closed raises EPIPE/ECONNRESET: the answer, if any, still counts.
    request.on("error", (error) => reject(error));
    if (raw.chunked) {
      const piece = 64 * 1024;
      for (let offset = 0; offset < raw.chunked.length; offset += piece) {
        if (request.destroyed) break;
        request.write(raw.chunked.subarray(offset, offset + piece));
      }
      request.end();
    } else {
      request.end(raw.body);
    }
  });
}
