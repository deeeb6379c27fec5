import { success, type ToolOutcome, unclassifiedError, validEmpty } from "@keel/errors";
import { redactSecretText } from "@keel/secrets";
import { describe, expect, it } from "vitest";
import { HookConfigError } from "../hook-config-error.js";
import { makeCall, makeContext } from "../hook-context.test-helpers.js";
import { runPostHooks } from "../run-post-hooks.js";
import { redactSecrets } from "./redact-secrets.js";

// Fake credentials are assembled at run time so no scanner mistakes this file for a leak.
const join = (...parts: string[]) => parts.join("");
const fake = {
  anthropic: join("sk-", "ant-api03-", "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z_AbC-dEfG"),
  openai: join("sk-", "proj-", "4bC9dE2fG7hJ1kL6mN3pQ8rS5tU0vW"),
  aws: join("AKIA", "IOSFODNN7EXAMPLE"),
  github: join("ghp", "_", "16C7e42F292c6912E7710c838347Ae178B4a"),
  stripe: join("sk", "_live_", "4eC39HqLyjWDarjtT1zdp7dc"),
  // A JWT's three parts, joined with dots only here.
  jwt: [
    "eyJhbGciOiJIUzI1NiJ9",
    "eyJzdWIiOiIxMjM0NTY3ODkwIn0",
    "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
  ].join("."),
};

const call = makeCall("get_integration", { id: "I-1" });
const redact = (outcome: ToolOutcome, hook = redactSecrets()) =>
  runPostHooks([hook], call, outcome, makeContext());
const redactData = async (data: unknown, hook = redactSecrets()) =>
  ((await redact(success(data), hook)) as { data: unknown }).data;

describe("redactSecrets", () => {
  // Which texts are secrets, and each kind's label, are @keel/errors' (secret-detection.test.ts): the hook
  // applies that detection to every string of the data.
  it.each(Object.entries(fake))(
    "redacts the %s secret inside text as redactSecretText does",
    async (_kind, secret) => {
      const note = `configured with ${secret}, rotate soon`;
      const expected = redactSecretText(note);
      expect(expected).not.toContain(secret);
      expect(expected).toMatch(/\[REDACTED:[a-z_]+\]/);
      expect(await redactData({ note })).toEqual({ note: expected });
    },
  );

  it("redacts bearer tokens and passwords in URLs, keeping the user and host", async () => {
    const text = `curl -H "Authorization: Bearer ${join("abc123", "DEF456ghi789JKL")}" https://admin:${join("hun", "ter2")}@db.example.com/x`;
    expect(await redactData(text)).toBe(
      'curl -H "Authorization: Bearer [REDACTED]" https://admin:[REDACTED]@db.example.com/x'.replace(
        "Bearer [REDACTED]",
        "[REDACTED:bearer_token]",
      ),
    );
  });

  it("redacts a PEM private key block, even an unterminated one", async () => {
    const pem = join("-----BEGIN ", "RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----");
    expect(await redactData(`key: ${pem} done`)).toBe("key: [REDACTED:private_key] done");
    expect(await redactData(join("x -----BEGIN ", "PRIVATE KEY-----\nMIIE..."))).toBe(
      "x [REDACTED:private_key]",
    );
    expect(await redactData("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----")).toContain(
      "MIIB",
    );
  });

  it("replaces the values of secret-named keys, deeply, whatever their shape", async () => {
    const data = {
      user: "ada",
      password: "correct horse",
      settings: {
        api_key: "plain-looking",
        clientSecret: 12345,
        "X-API-Key": "k",
        Authorization: "Basic YWRh",
      },
      sessions: [{ refresh_token: "r1", credentials: { user: "ada", pass: "p" } }],
    };
    expect(await redactData(data)).toEqual({
      user: "ada",
      password: "[REDACTED]",
      settings: {
        api_key: "[REDACTED]",
        clientSecret: "[REDACTED]",
        "X-API-Key": "[REDACTED]",
        Authorization: "[REDACTED]",
      },
      sessions: [{ refresh_token: "[REDACTED]", credentials: "[REDACTED]" }],
    });
  });

  it("shares @keel/errors' secret names: card numbers, PINs, a password typed again", async () => {
    const data = { card_number: "4242", pin: 1234, password_confirmation: "p", auth_method: "oauth" };
    expect(await redactData(data)).toEqual({
      card_number: "[REDACTED]",
      pin: "[REDACTED]",
      password_confirmation: "[REDACTED]",
      auth_method: "oauth",
    });
  });

  it("redacts a short bearer token that is not a word, not a word after 'Bearer'", async () => {
    expect(await redactData("Authorization: Bearer abc.def-ghi_jkl; Bearer instruments")).toBe(
      "Authorization: [REDACTED:bearer_token]; Bearer instruments",
    );
  });

  it("leaves look-alikes alone: token counts, prose, cursors, publishable keys", async () => {
    const data = {
      max_tokens: 1024,
      token_count: 87,
      token_type: "Bearer",
      has_password: true,
      password: null,
      note: "Bearer tokens expire; see sk-learn-tutorial-for-beginners and task-manager.",
      cursor: "eyJwYWdlIjoyLCJzaXplIjo1MH0",
      publishable: join("pk", "_live_", "51HqLyjWDarjtT1zdp7dc"),
      url: "https://example.com/path?q=1",
    };
    expect(await redactData(data)).toEqual(data);
  });

  it("redacts error messages and details without touching category, code or retryable", async () => {
    const error = unclassifiedError("UPSTREAM_FAILED", `Upstream rejected key ${fake.anthropic}.`, {
      details: { request: { headers: { authorization: "Bearer x" } }, hint: `use ${fake.github}` },
    });
    expect(await redact(error)).toEqual({
      ...error,
      message: "Upstream rejected key [REDACTED:anthropic_api_key].",
      details: { request: { headers: { authorization: "[REDACTED]" } }, hint: "use [REDACTED:github_token]" },
    });
  });

  it("redacts a valid-empty message and data", async () => {
    const empty = validEmpty("NO_CHARGES", `No charges for ${fake.stripe}.`, { secret: "s" });
    expect(await redact(empty)).toMatchObject({
      message: "No charges for [REDACTED:stripe_secret_key].",
      data: { secret: "[REDACTED]" },
    });
  });

  it("returns the same outcome object when there is nothing to redact", async () => {
    const outcome = success({ id: "C-1", tiers: ["gold"], note: "nothing secret here" });
    expect(await redact(outcome)).toBe(outcome);
    const error = unclassifiedError("UPSTREAM_FAILED", "Upstream said no.", { details: { status: 502 } });
    expect(await redact(error)).toBe(error);
  });

  it("takes extra key names and patterns", async () => {
    const hook = redactSecrets({ keys: ["SSN"], patterns: [/\bACME-\d{6}\b/] });
    expect(
      await redactData({ ssn: "078-05-1120", note: "ticket ACME-123456 and ACME-654321" }, hook),
    ).toEqual({
      ssn: "[REDACTED]",
      note: "ticket [REDACTED] and [REDACTED]",
    });
  });

  // That detection finishes on 10 MB of hostile near-misses is @keel/errors' test (secret-detection.test.ts).

  it("rejects patterns that are not regular expressions", () => {
    expect(() => redactSecrets({ patterns: ["sk-" as never] })).toThrow(HookConfigError);
  });
});
