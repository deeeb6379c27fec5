import { KeelConfigError, KeelError } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { ModelClientError } from "./model-client-error.js";

describe("ModelClientError", () => {
  it("derives retryable from the kind unless told otherwise", () => {
    expect(new ModelClientError("rate_limit", "slow down").retryable).toBe(true);
    expect(new ModelClientError("bad_request", "no").retryable).toBe(false);
    expect(new ModelClientError("server", "oops", { retryable: false }).retryable).toBe(false);
  });

  it("carries status and retryAfterMs only when given", () => {
    const error = new ModelClientError("rate_limit", "slow down", { status: 429, retryAfterMs: 2000 });
    expect(error).toMatchObject({
      kind: "rate_limit",
      status: 429,
      retryAfterMs: 2000,
      name: "ModelClientError",
    });
    expect("status" in new ModelClientError("aborted", "stop")).toBe(false);
  });

  it("is recognised by isInstance across copies of the class, and nothing else is", () => {
    const foreign = Object.defineProperty(new Error("x"), Symbol.for("keel.error.ModelClientError"), {
      value: true,
    });
    expect(ModelClientError.isInstance(new ModelClientError("timeout", "late"))).toBe(true);
    expect(ModelClientError.isInstance(foreign)).toBe(true);
    expect(ModelClientError.isInstance(new Error("plain"))).toBe(false);
    expect(ModelClientError.isInstance(null)).toBe(false);
  });

  it("is a KeelError whose code is its kind", () => {
    const error = new ModelClientError("overloaded", "busy");
    expect(KeelError.isInstance(error)).toBe(true);
    expect(KeelConfigError.isInstance(error)).toBe(false);
    expect(error.code).toBe("overloaded");
  });

  it("lists its fields once, as plain data without the cause", () => {
    const error = new ModelClientError("rate_limit", "slow down", {
      status: 429,
      retryAfterMs: 2000,
      cause: new Error("secret stack"),
    });
    expect(error.toJSON()).toEqual({
      kind: "rate_limit",
      message: "slow down",
      retryable: true,
      status: 429,
      retryAfterMs: 2000,
    });
    expect(JSON.parse(JSON.stringify(new ModelClientError("aborted", "stop")))).toEqual({
      kind: "aborted",
      message: "stop",
      retryable: false,
    });
  });
});
