import type { IncomingMessage } from "node:http";

const SECRET_HEADERS = new Set(["x-api-key", "authorization", "proxy-authorization", "cookie"]);

/** The whole body; a single chunk is returned as is, without a copy. */
export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** Headers as plain strings, with credentials replaced so recorded requests can be printed safely. */
export function redactHeaders(headers: IncomingMessage["headers"]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    result[name] = SECRET_HEADERS.has(name) ? "[redacted]" : Array.isArray(value) ? value.join(", ") : value;
  }
  return result;
}
