import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REDACTED, redactArtifact, redactArtifactText } from "./index.js";

describe("redactArtifactText", () => {
  it.each([
    ["an Anthropic key", "key=sk-ant-api03-AbC_dEf-0123456789xyz end", `key=${REDACTED} end`],
    ["another sk- key", "OPENAI sk-proj-0123456789abcdefghijKLMN", `OPENAI ${REDACTED}`],
    ["a bearer token", "Authorization: Bearer abc.def-ghi_jkl", `Authorization: Bearer ${REDACTED}`],
    ["an AWS access key", "AKIAIOSFODNN7EXAMPLE", REDACTED],
    ["a GitHub token", "ghp_0123456789abcdefghijklmnopqrstuvwxyz", REDACTED],
    // The shapes redactSecretText finds, not only the ones the loop once listed.
    ["a JWT", `t=${["eyJhbGciOiJIUzI1NiJ9", "eyJzdWIiOiIxIn0", "sig"].join(".")}`, `t=${REDACTED}`],
    ["a URL password", "postgres://app:hunter2@db/x", `postgres://app:${REDACTED}@db/x`],
    ["a Stripe key", `${["sk", "live", "4eC39HqLyjWDarjtT1zdp7dc"].join("_")} ok`, `${REDACTED} ok`],
  ])("replaces %s", (_name, input, expected) => {
    expect(redactArtifactText(input)).toBe(expected);
  });

  it("leaves prose that only looks similar alone", () => {
    const prose =
      "Ask the task-management desk about sk-learn-style-pipelines, bearer bonds and Bearer instruments.";
    expect(redactArtifactText(prose)).toBe(prose);
  });

  it("replaces given literal secrets", () => {
    expect(redactArtifactText("password is hunter2-very-long", ["hunter2-very-long"])).toBe(
      `password is ${REDACTED}`,
    );
  });

  it("never leaves an Anthropic key in the output, wherever it is embedded", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/),
        fc.string(),
        (before, body, after) => {
          const key = `sk-ant-${body}`;
          expect(redactArtifactText(`${before} ${key} ${after}`)).not.toContain(key);
        },
      ),
    );
  });
});

describe("redactArtifact", () => {
  it("drops credential keys at any depth and redacts strings, without touching the input", () => {
    const input = {
      headers: { Authorization: "Bearer abcdefgh12345", "X-Api-Key": "whatever", accept: "json" },
      messages: [{ role: "user", content: "my key is sk-ant-api03-0123456789abc" }],
    };
    const snapshot = structuredClone(input);
    expect(redactArtifact(input)).toEqual({
      headers: { accept: "json" },
      messages: [{ role: "user", content: `my key is ${REDACTED}` }],
    });
    expect(input).toEqual(snapshot);
  });
});
