import { describe, expect, it } from "vitest";
import { readRetryAfterMs, toModelClientError } from "./anthropic-error.js";
import { ModelClientError } from "./model-client-error.js";

const where = ["https://api.anthropic.com", 2, 30_000] as const;

/** The fields of the SDK's APIError that the mapping reads. */
function apiError(
  status: number | undefined,
  type: string,
  message: string,
  headers: Record<string, string> = {},
) {
  return {
    name: "APIError",
    status,
    type,
    apiMessage: message,
    message: `${status} ${message}`,
    headers: new Headers(headers),
  };
}

describe("toModelClientError", () => {
  it("maps 403 to permission and says what to check", () => {
    const error = toModelClientError(apiError(403, "permission_error", "no access to model"), ...where);
    expect(error.kind).toBe("permission");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("no access to model");
  });

  it("points a 404 at the model name and ANTHROPIC_BASE_URL", () => {
    const error = toModelClientError(apiError(404, "not_found_error", "model: claude-nope"), ...where);
    expect(error.kind).toBe("bad_request");
    expect(error.message).toContain("ANTHROPIC_BASE_URL");
  });

  it("never repeats a key that the API echoed in its message", () => {
    const key = "sk-ant-api03-abcdefghijklmnop";
    const error = toModelClientError(apiError(401, "authentication_error", `invalid key ${key}`), ...where);
    expect(error.message).not.toContain(key);
    expect(error.message).toContain("[REDACTED]");
  });

  it("maps an overloaded_error event from the stream (no HTTP status) to overloaded", () => {
    const error = toModelClientError(apiError(undefined, "overloaded_error", "Overloaded"), ...where);
    expect(error.kind).toBe("overloaded");
    expect(error.status).toBeUndefined();
    expect(error.message).not.toContain("retries");
  });

  it("maps 408 and the SDK's timeout error to timeout, naming timeoutMs", () => {
    expect(toModelClientError(apiError(408, "timeout_error", "slow"), ...where).kind).toBe("timeout");
    const error = toModelClientError(
      { name: "APIConnectionTimeoutError", message: "Request timed out." },
      ...where,
    );
    expect(error.kind).toBe("timeout");
    expect(error.message).toContain("30000 ms");
  });

  it("maps 500 to a retryable server error", () => {
    const error = toModelClientError(apiError(500, "api_error", "Internal server error"), ...where);
    expect(error).toMatchObject({ kind: "server", retryable: true, status: 500 });
  });

  it("describes a connection failure with its cause chain", () => {
    const cause = Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" });
    const error = toModelClientError(new TypeError("terminated", { cause }), ...where);
    expect(error.kind).toBe("connection");
    expect(error.message).toContain("UND_ERR_SOCKET");
  });

  it("returns a ModelClientError unchanged", () => {
    const original = new ModelClientError("invalid_response", "bad");
    expect(toModelClientError(original, ...where)).toBe(original);
  });
});

describe("readRetryAfterMs", () => {
  it("prefers retry-after-ms, then retry-after seconds", () => {
    expect(readRetryAfterMs(new Headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    expect(readRetryAfterMs(new Headers({ "retry-after": "1.5" }))).toBe(1500);
  });

  it("reads an HTTP date in the future", () => {
    const inOneMinute = new Date(Date.now() + 60_000).toUTCString();
    expect(readRetryAfterMs(new Headers({ "retry-after": inOneMinute }))).toBeGreaterThan(50_000);
  });

  it("returns undefined without a usable header", () => {
    expect(readRetryAfterMs(new Headers())).toBeUndefined();
    expect(readRetryAfterMs(undefined)).toBeUndefined();
  });
});
