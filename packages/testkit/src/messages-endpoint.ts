import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiErrorType } from "@keel/wire/internal";
import { serveTemplate } from "./complete-message.js";
import { betasOf, checkContextManagement } from "./context-checks.js";
import { alteredCompaction, editRequest, withCompaction } from "./context-edits.js";
import { type ErrorAfterDeltasFault, faultsFor, type ResolvedFaults } from "./faults.js";
import { readBody, redactHeaders } from "./http-request.js";
import {
  DEFAULT_MESSAGES,
  errorBody,
  httpFaultResponse,
  sendJson,
  statusForErrorType,
} from "./http-responses.js";
import { cutOffAtMaxTokens } from "./max-tokens-cutoff.js";
import type { RecordedRequest } from "./options.js";
import {
  bedrockError,
  canonicalRequest,
  eventStreamFrame,
  hasProviderCredentials,
  type ProviderRoute,
  streamHeaders,
} from "./providers.js";
import { nextTemplate, pause, type ServerState } from "./server-state.js";
import { messageEvents } from "./sse-events.js";
import { streamDurationMs, writeStream } from "./stream-writer.js";
import { withSignedThinking } from "./thinking-signatures.js";
import { validateRequest } from "./validate-request.js";
import type { MessagesRequest } from "./wire.js";

// Server-side failures of the fake itself: retrying cannot help, so the SDK is told not to.
const NO_RETRY = { "x-should-retry": "false" };
/**
 * Answers one Messages API request (`POST /v1/messages`, or a provider's path: see providers.ts):
 * authentication, validation, faults, then a JSON message or a stream (SSE; an AWS event stream for Bedrock).
 */
export async function handleMessages(
  state: ServerState,
  request: IncomingMessage,
  response: ServerResponse,
  route: ProviderRoute = { provider: "anthropic" },
) {
  const raw = await readBody(request);
  const index = state.requestCount++;
  const requestId = `req_fake_${String(index).padStart(6, "0")}`;
  let body: unknown;
  let parseError: string | undefined;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch (error) {
    parseError = (error as Error).message;
  }
  const canonical = parseError === undefined ? canonicalRequest(route, body) : undefined;
  const record: RecordedRequest = {
    index,
    method: request.method ?? "POST",
    path: request.url ?? "",
    headers: redactHeaders(request.headers),
    body: (canonical?.ok ? canonical.body : body) as MessagesRequest,
    provider: route.provider,
    ...(route.provider === "anthropic" ? {} : { sentBody: body }),
  };
  if (state.options.recordRequests) state.requests.push(record);

  let faults: ResolvedFaults = { list: [] };
  const fail = (
    status: number,
    type: ApiErrorType,
    message: string,
    headers?: Record<string, string>,
  ): void => {
    const payload = errorBody(type, message, requestId);
    record.response = { status, stream: false, error: payload.error, faults: faults.list };
    if (route.provider === "bedrock") {
      const aws = bedrockError(status, message);
      sendJson(response, status, aws.body, requestId, { ...headers, ...aws.headers });
    } else {
      sendJson(response, status, JSON.stringify(payload), requestId, headers);
    }
  };

  if (route.provider === "anthropic") {
    const apiKey = credential(request);
    if (!apiKey) return fail(401, "authentication_error", "x-api-key header is required");
    if (state.options.apiKey !== undefined && apiKey !== state.options.apiKey) {
      return fail(401, "authentication_error", "invalid x-api-key");
    }
    if (!request.headers["anthropic-version"]) {
      return fail(400, "invalid_request_error", "anthropic-version: header is required");
    }
  } else if (!hasProviderCredentials(route, request)) {
    const what = route.provider === "bedrock" ? "an AWS Signature Version 4" : "an OAuth bearer token";
    return fail(403, "permission_error", `The request is not signed: ${route.provider} needs ${what}.`);
  }
  if (parseError !== undefined)
    return fail(400, "invalid_request_error", `The request body is not valid JSON: ${parseError}`);
  if (canonical && !canonical.ok) return fail(400, "invalid_request_error", canonical.message);
  const validation = validateRequest(record.body);
  if (!validation.ok) return fail(400, "invalid_request_error", validation.message);
  const valid = validation.request;
  const contextProblem =
    checkContextManagement(valid.context_management, betasOf(request.headers["anthropic-beta"])) ??
    alteredCompaction(valid.messages) ??
    state.compactions.dropped(valid.messages);
  if (contextProblem !== undefined) return fail(400, "invalid_request_error", contextProblem);

  try {
    faults = faultsFor(state.options.faults, index, valid);
  } catch (error) {
    return fail(500, "api_error", (error as Error).message, NO_RETRY);
  }
  if (faults.http) {
    const answer = httpFaultResponse(faults.http);
    return fail(answer.status, answer.type, answer.message, answer.headers);
  }

  const template = await nextTemplate(state, valid, index);
  if (typeof template === "string") return fail(500, "api_error", template, NO_RETRY);
  // A response the client never fully receives is served again on the next request (the retry).
  const interrupted = faults.resetAfterEvents !== undefined || faults.errorAfterDeltas !== undefined;
  if (state.options.script && !interrupted) state.scriptCursor++;

  const edited = editRequest(valid, raw.byteLength);
  const inputUsage = state.cache.account(edited.request, edited.bytes, validation.cacheBreakpoints);
  const served = withCompaction(withSignedThinking(serveTemplate(template, valid.model, inputUsage)), edited);
  state.compactions.record(valid, served);
  const completed =
    valid.context_management === undefined
      ? served
      : { ...served, context_management: { applied_edits: edited.applied } };
  const { message, partialInput } = faults.maxTokens
    ? cutOffAtMaxTokens(completed, valid.max_tokens, faults.maxTokens)
    : { message: completed, partialInput: undefined };
  const streamed = valid.stream === true;
  record.response = { status: 200, stream: streamed, message, faults: faults.list };
  const timing = { ...state.options.timing, ...faults.slow };
  const hasDelays = timing.eventDelayMs > 0 || timing.blockDelayMs !== 0;

  if (!streamed) {
    if (faults.resetAfterEvents) {
      record.response = { status: 0, stream: false, message, faults: faults.list };
      response.socket?.destroy();
      return;
    }
    if (faults.errorAfterDeltas) {
      // Without a stream there is no event to fail in: the same error arrives as an HTTP status.
      const error = streamError(faults.errorAfterDeltas);
      return fail(statusForErrorType(error.type), error.type, error.message);
    }
    if (hasDelays)
      await pause(
        state,
        streamDurationMs(messageEvents(message, state.options.chunking, partialInput), timing),
      );
    if (response.destroyed) return;
    return sendJson(response, 200, JSON.stringify(message), requestId);
  }

  const events = messageEvents(message, state.options.chunking, partialInput);
  response.writeHead(200, { ...streamHeaders(route), "request-id": requestId });
  const { errorAfterDeltas, resetAfterEvents } = faults;
  const cancel = writeStream(
    response,
    events,
    timing,
    {
      ...(errorAfterDeltas && {
        errorAfterDeltas: { count: errorAfterDeltas.count, error: streamError(errorAfterDeltas) },
      }),
      ...(resetAfterEvents && { resetAfterEvents: resetAfterEvents.count }),
    },
    route.provider === "bedrock" ? eventStreamFrame : undefined,
  );
  if (!hasDelays) return;
  state.activeStreams.add(cancel);
  response.once("close", () => {
    cancel();
    state.activeStreams.delete(cancel);
  });
}

/** The key from `x-api-key`, or from `Authorization: Bearer`, which SDK 1.x sends instead. */
function credential(request: IncomingMessage): string | undefined {
  const apiKey = request.headers["x-api-key"];
  if (typeof apiKey === "string" && apiKey !== "") return apiKey;
  const authorization = request.headers.authorization;
  return authorization?.startsWith("Bearer ") ? authorization.slice(7) || undefined : undefined;
}

function streamError(fault: ErrorAfterDeltasFault): { type: ApiErrorType; message: string } {
  const type = fault.errorType ?? "overloaded_error";
  return { type, message: fault.message ?? DEFAULT_MESSAGES[type] };
}
