import type { ServerResponse } from "node:http";
import type { ApiErrorBody, ApiErrorType } from "@keel/wire/internal";
import type { HttpFault } from "./faults.js";

/** Sends a JSON body with a content-length, so keep-alive connections are reused. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: string,
  requestId: string,
  headers?: Record<string, string>,
): void {
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "request-id": requestId,
    ...headers,
  });
  response.end(body);
}

export function errorBody(type: ApiErrorType, message: string, requestId: string): ApiErrorBody {
  return { type: "error", error: { type, message }, request_id: requestId };
}

/** The status and headers of an injected HTTP fault, defaulted the way the real API answers. */
export function httpFaultResponse(fault: HttpFault): {
  status: number;
  type: ApiErrorType;
  message: string;
  headers: Record<string, string>;
} {
  const type = fault.errorType ?? errorTypeFor(fault.status);
  const headers: Record<string, string> = {};
  if (fault.retryAfterMs !== undefined) {
    headers["retry-after-ms"] = String(fault.retryAfterMs);
    headers["retry-after"] = String(Math.ceil(fault.retryAfterMs / 1000));
  } else if (fault.retryAfterSeconds !== undefined) {
    headers["retry-after"] = String(fault.retryAfterSeconds);
  } else if (fault.status === 429) {
    headers["retry-after"] = "1";
  }
  if (fault.shouldRetry !== undefined) headers["x-should-retry"] = String(fault.shouldRetry);
  return { status: fault.status, type, message: fault.message ?? DEFAULT_MESSAGES[type], headers };
}

export function errorTypeFor(status: number): ApiErrorType {
  const known = STATUS_TYPES[status];
  if (known) return known;
  return status >= 500 ? "api_error" : "invalid_request_error";
}

/** The status the API uses for an error type (overloaded_error is 529). */
export function statusForErrorType(type: ApiErrorType): number {
  for (const [status, known] of Object.entries(STATUS_TYPES)) if (known === type) return Number(status);
  return 500;
}

const STATUS_TYPES: Record<number, ApiErrorType> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  504: "timeout_error",
  529: "overloaded_error",
};

export const DEFAULT_MESSAGES: Record<ApiErrorType, string> = {
  invalid_request_error: "Invalid request (injected by @keel/testkit)",
  authentication_error: "invalid x-api-key",
  permission_error: "Your API key does not have permission to use the specified resource.",
  not_found_error: "Not found",
  request_too_large: "Request exceeds the maximum allowed number of bytes.",
  rate_limit_error:
    "This request would exceed the rate limit for your organization (injected by @keel/testkit).",
  api_error: "Internal server error",
  timeout_error: "Request timed out",
  overloaded_error: "Overloaded",
};
