import type { IncomingMessage } from "node:http";
import { crc32 } from "node:zlib";

/**
 * The cloud providers' endpoints for the Messages API, as their SDKs (`@anthropic-ai/bedrock-sdk`,
 * `vertex-sdk`, `foundry-sdk`) call them, so a provider client can be tested against the fake too:
 * - Anthropic and Microsoft Foundry: `POST …/v1/messages` (Foundry under its `/anthropic` prefix), version in
 *   the `anthropic-version` header, key in `x-api-key` or `Authorization: Bearer`.
 * - Amazon Bedrock: `POST /model/{model}/invoke` (JSON) and `/model/{model}/invoke-with-response-stream`
 *   (AWS event stream, each frame a `chunk` whose `bytes` are one Messages API event); `model` and `stream`
 *   are in the path, `anthropic_version` in the body (required; the guide names "bedrock-2023-05-31", the
 *   provider SDKs send the Anthropic API version of their base SDK), and the request is signed with
 *   AWS Signature Version 4. Source: AWS Bedrock user guide, "Anthropic Claude Messages API", and the
 *   InvokeModelWithResponseStream API reference.
 * - Google Vertex AI: `POST /projects/{project}/locations/{region}/publishers/anthropic/models/{model}:rawPredict`
 *   (JSON) or `:streamRawPredict` (SSE, as Anthropic's), `model` in the path, `anthropic_version`
 *   (required; the guide names "vertex-2023-10-16") in the body, an OAuth bearer token. Source: Google Cloud, "Use Anthropic's Claude
 *   models" (Vertex AI documentation).
 */
export type Provider = "anthropic" | "bedrock" | "vertex";

/** Where a request was sent: the provider, and for Bedrock and Vertex the model and stream flag of its path. */
export type ProviderRoute =
  | { readonly provider: "anthropic" }
  | { readonly provider: "bedrock" | "vertex"; readonly model: string; readonly stream: boolean };

const BEDROCK_PATH = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;
const VERTEX_PATH =
  /^\/projects\/[^/]+\/locations\/[^/]+\/publishers\/anthropic\/models\/([^/:]+):(rawPredict|streamRawPredict)$/;

/** The route of a request path (without its query), or undefined when no provider serves it. */
export function routeOf(path: string): ProviderRoute | undefined {
  if (path === "/v1/messages" || path.endsWith("/v1/messages")) return { provider: "anthropic" };
  const bedrock = BEDROCK_PATH.exec(path);
  if (bedrock) {
    return { provider: "bedrock", model: decodeURIComponent(bedrock[1]!), stream: bedrock[2] !== "invoke" };
  }
  const vertex = VERTEX_PATH.exec(path);
  if (vertex) {
    return {
      provider: "vertex",
      model: decodeURIComponent(vertex[1]!),
      stream: vertex[2] === "streamRawPredict",
    };
  }
  return undefined;
}

/** The Messages API request a provider's body stands for, or the 400 message its provider would give. */
export function canonicalRequest(
  route: ProviderRoute,
  body: unknown,
): { readonly ok: true; readonly body: unknown } | { readonly ok: false; readonly message: string } {
  if (route.provider === "anthropic") return { ok: true, body };
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { ok: true, body }; // the Messages API rules report it
  const { anthropic_version: version, anthropic_beta: _betas, ...rest } = body as Record<string, unknown>;
  if (typeof version !== "string" || version === "") {
    return {
      ok: false,
      message: "anthropic_version: Field required (the API version goes in the body here)",
    };
  }
  if ("model" in rest) return { ok: false, message: "model: the model is named in the path, not the body" };
  const { stream: _stream, ...withoutStream } = rest;
  return { ok: true, body: { ...withoutStream, model: route.model, stream: route.stream } };
}

/** Whether the request carries its provider's credentials (their presence: the fake verifies no signature). */
export function hasProviderCredentials(route: ProviderRoute, request: IncomingMessage): boolean {
  const authorization = request.headers.authorization ?? "";
  if (route.provider === "bedrock")
    return authorization.startsWith("AWS4-HMAC-SHA256 Credential=") && Boolean(request.headers["x-amz-date"]);
  if (route.provider === "vertex") return /^Bearer \S+/.test(authorization);
  return true; // Anthropic's own rules apply
}

/** Bedrock's HTTP error body and type header for a status (AWS's JSON error protocol). */
export function bedrockError(
  status: number,
  message: string,
): { body: string; headers: Record<string, string> } {
  const type =
    status === 400
      ? "ValidationException"
      : status === 403 || status === 401
        ? "AccessDeniedException"
        : status === 404
          ? "ResourceNotFoundException"
          : status === 429
            ? "ThrottlingException"
            : status === 503 || status === 529
              ? "ServiceUnavailableException"
              : "InternalServerException";
  return {
    body: JSON.stringify({ message }),
    headers: { "x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` },
  };
}

/**
 * One SSE frame (`event: …\ndata: {…}\n\n`) as an AWS event stream message: a `chunk` event whose JSON
 * payload's `bytes` is the base64 of the event's data. Framing: total and header lengths, a CRC32 of those
 * eight bytes, the headers (name, type 7 = string, value), the payload, a CRC32 of everything before it.
 */
export function eventStreamFrame(sse: string): Buffer {
  const data = /^data: (.*)$/m.exec(sse)?.[1] ?? "{}";
  const payload = Buffer.from(
    JSON.stringify({ bytes: Buffer.from(data, "utf8").toString("base64") }),
    "utf8",
  );
  const headers = Buffer.concat(
    [
      [":event-type", "chunk"],
      [":content-type", "application/json"],
      [":message-type", "event"],
    ].map(([name, value]) => {
      const nameBytes = Buffer.from(name!, "utf8");
      const valueBytes = Buffer.from(value!, "utf8");
      const header = Buffer.alloc(1 + nameBytes.length + 1 + 2 + valueBytes.length);
      let offset = header.writeUInt8(nameBytes.length, 0);
      offset += nameBytes.copy(header, offset);
      offset = header.writeUInt8(7, offset);
      offset = header.writeUInt16BE(valueBytes.length, offset);
      valueBytes.copy(header, offset);
      return header;
    }),
  );
  const total = 12 + headers.length + payload.length + 4;
  const message = Buffer.alloc(total);
  message.writeUInt32BE(total, 0);
  message.writeUInt32BE(headers.length, 4);
  message.writeUInt32BE(crc32(message.subarray(0, 8)), 8);
  headers.copy(message, 12);
  payload.copy(message, 12 + headers.length);
  message.writeUInt32BE(crc32(message.subarray(0, total - 4)), total - 4);
  return message;
}

/** The response headers of a stream for the route. */
export function streamHeaders(route: ProviderRoute): Record<string, string> {
  return route.provider === "bedrock"
    ? { "content-type": "application/vnd.amazon.eventstream" }
    : { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" };
}
