import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FAKE_SECRETS } from "./corpus.js";
import {
  containsSecret,
  isSecretKey,
  redactArtifactText,
  redactSecretText,
  type SecretKind,
} from "./index.js";

// Fake credentials are assembled at run time so no scanner mistakes this file for a leak.
const join = (...parts: string[]) => parts.join("");
const fake = {
  ...FAKE_SECRETS,
  shortAnthropic: join("sk-", "ant-", "Ab3dEf6h"),
  awsSession: join("ASIA", "IOSFODNN7EXAMPLE"),
};

describe("isSecretKey", () => {
  it.each([
    ["password", true],
    ["passwd", true],
    ["api_key", true],
    ["apiKey", true],
    ["APIKey", true],
    ["X-API-Key", true],
    ["clientSecret", true],
    ["authToken", true],
    ["refresh_token", true],
    ["Authorization", true],
    ["proxy-authorization", true],
    ["Cookie", true],
    ["set-cookie", true],
    ["credentials", true],
    ["private_key", true],
    ["aws_secret_access_key", true],
    ["encryption_key", true],
    ["password_hash", true],
    ["card_number", true],
    ["pin", true],
    ["cvv", true],
    ["otp", true],
    ["password_confirmation", true],
    ["newPasswordConfirm", true],
    ["max_tokens", false],
    ["token_count", false],
    ["token_type", false],
    ["auth_method", false],
    ["password_policy", false],
    ["secret_santa_id", false],
    ["access_key_id", false],
    ["user", false],
    ["cursor", false],
    ["confirmation", false],
    ["", false],
    ["_", false],
  ] as const)("%s holds a secret: %s", (key, secret) => {
    expect(isSecretKey(key)).toBe(secret);
  });
});

describe("redactSecretText", () => {
  it.each([
    ["an Anthropic key", fake.anthropic, "[REDACTED:anthropic_api_key]"],
    ["a short Anthropic key", fake.shortAnthropic, "[REDACTED:anthropic_api_key]"],
    ["an OpenAI key", fake.openai, "[REDACTED:openai_api_key]"],
    ["an AWS access key id", fake.aws, "[REDACTED:aws_access_key_id]"],
    ["an AWS session key id", fake.awsSession, "[REDACTED:aws_access_key_id]"],
    ["a GitHub token", fake.github, "[REDACTED:github_token]"],
    ["a GitHub fine-grained token", fake.githubPat, "[REDACTED:github_token]"],
    ["a Stripe live key", fake.stripe, "[REDACTED:stripe_secret_key]"],
    ["a Slack token", fake.slack, "[REDACTED:slack_token]"],
    ["a JWT", fake.jwt, "[REDACTED:jwt]"],
    ["a PEM private key", fake.pem, "[REDACTED:private_key]"],
    ["a long bearer token", "Bearer abcdefghijklmnopq", "[REDACTED:bearer_token]"],
    ["a short bearer token with punctuation", "Bearer abc.def-ghi_jkl", "[REDACTED:bearer_token]"],
    ["a short bearer token with digits", "bearer abcdefgh12345", "[REDACTED:bearer_token]"],
  ])("replaces %s inside text", (_label, secret, replacement) => {
    expect(redactSecretText(`configured with ${secret}, rotate soon`)).toBe(
      `configured with ${replacement}, rotate soon`,
    );
    expect(containsSecret(secret)).toBe(true);
  });

  it("keeps a URL's user and host, replacing only its password", () => {
    expect(redactSecretText(`https://admin:${join("hun", "ter2")}@db.example.com/x`)).toBe(
      "https://admin:[REDACTED]@db.example.com/x",
    );
  });

  it("redacts an unterminated PEM private key block to the end, and leaves certificates", () => {
    expect(redactSecretText(join("x -----BEGIN ", "PRIVATE KEY-----\nMIIE..."))).toBe(
      "x [REDACTED:private_key]",
    );
    const certificate = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----";
    expect(redactSecretText(certificate)).toBe(certificate);
  });

  it("hands each secret and its kind to the caller's replacement", () => {
    const seen: [SecretKind, string][] = [];
    const text = `key ${fake.anthropic}; Authorization: Bearer abc.def-ghi_jkl; https://u:${join("p", "w1")}@h`;
    const redacted = redactSecretText(text, (kind, secret) => {
      seen.push([kind, secret]);
      return "***";
    });
    expect(redacted).toBe("key ***; Authorization: ***; https://u:***@h");
    expect(seen).toEqual([
      ["anthropic_api_key", fake.anthropic],
      ["bearer_token", "Bearer abc.def-ghi_jkl"],
      ["url_password", "pw1"],
    ]);
  });

  it.each([
    ["a UUID", "123e4567-e89b-42d3-a456-426614174000"],
    ["an order id", "ORD-2025-000123"],
    ["a base64 JSON cursor", "eyJwYWdlIjoyLCJzaXplIjo1MH0"],
    ["a publishable key", join("pk", "_live_", "51HqLyjWDarjtT1zdp7dc")],
    ["prose about libraries", "see sk-learn-tutorial-for-beginners and task-manager"],
    ["prose about bearers", "Bearer tokens expire; bearer bonds do not. Nor do Bearer instruments."],
    ["a URL without a password", "https://example.com/path?q=1"],
    ["an already redacted text", "key [REDACTED:anthropic_api_key] at https://u:[REDACTED]@h"],
  ])("leaves %s alone", (_label, text) => {
    expect(redactSecretText(text)).toBe(text);
    expect(containsSecret(text)).toBe(false);
  });

  it("finishes on 10 MB of hostile near-misses, redacting what is real", () => {
    const hostile = [
      "eyJ-".repeat(900_000),
      "sk-".repeat(900_000),
      "://a:".repeat(500_000),
      "-----BEGIN ".repeat(200_000),
      `Bearer ${" ".repeat(100_000)}`,
      fake.aws,
    ].join(" ");
    expect(hostile.length).toBeGreaterThan(10_000_000);
    const redacted = redactSecretText(hostile);
    expect(redacted).toContain("[REDACTED:aws_access_key_id]");
    expect(redacted).not.toContain(fake.aws);
  });
});

describe("redaction", () => {
  it.each([
    ["redactSecretText", (text: string) => redactSecretText(text)],
    ["redactArtifactText", (text: string) => redactArtifactText(text)],
  ])("%s is idempotent", (_name, redact) => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = redact(text);
        expect(redact(once)).toBe(once);
      }),
    );
  });
});
