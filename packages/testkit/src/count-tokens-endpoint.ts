import type { IncomingMessage, ServerResponse } from "node:http";
import { betasOf, checkContextManagement } from "./context-checks.js";
import { alteredCompaction, editRequest } from "./context-edits.js";
import { readBody } from "./http-request.js";
import { errorBody, sendJson } from "./http-responses.js";
import { estimateTokens } from "./prompt-cache.js";
import { validateRequest } from "./validate-request.js";

/**
 * `POST /v1/messages/count_tokens` (Messages API reference, `client.messages.countTokens`): the request's
 * input tokens after its context edits, by the fake's own estimate (one token per 4 bytes, as every usage
 * figure it serves), and with `context_management` the count before them (`original_input_tokens`,
 * `BetaMessageTokensCount`). The same checks as `POST /v1/messages`, but no `max_tokens`.
 */
export async function handleCountTokens(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const raw = await readBody(request);
  const fail = (status: number, type: "authentication_error" | "invalid_request_error", message: string) =>
    sendJson(response, status, JSON.stringify(errorBody(type, message, "req_fake_count")), "req_fake_count");
  if (!request.headers["x-api-key"] && !request.headers.authorization?.startsWith("Bearer ")) {
    return fail(401, "authentication_error", "x-api-key header is required");
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
  } catch (error) {
    return fail(
      400,
      "invalid_request_error",
      `The request body is not valid JSON: ${(error as Error).message}`,
    );
  }
  if (body.max_tokens !== undefined)
    return fail(400, "invalid_request_error", "max_tokens: Extra inputs are not permitted");
  const validation = validateRequest({ ...body, max_tokens: 1 });
  if (!validation.ok) return fail(400, "invalid_request_error", validation.message);
  const problem =
    checkContextManagement(body.context_management, betasOf(request.headers["anthropic-beta"])) ??
    alteredCompaction(validation.request.messages);
  if (problem !== undefined) return fail(400, "invalid_request_error", problem);
  const edited = editRequest(validation.request, raw.byteLength);
  const counted = {
    input_tokens: estimateTokens(edited.bytes),
    ...(body.context_management === undefined
      ? {}
      : { context_management: { original_input_tokens: edited.originalTokens } }),
  };
  sendJson(response, 200, JSON.stringify(counted), "req_fake_count");
}
