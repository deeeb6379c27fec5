import {
  containsSecret,
  GITLEAKS_SOURCE,
  REDACTED,
  redactJsonSecrets,
  redactSecretText,
} from "@keel/secrets";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli.test-helpers.js";
import { checkMcpConfig } from "./check-mcp-config.js";

// Fake credentials are assembled at run time so no scanner mistakes this file for a leak.
const join = (...parts: string[]) => parts.join("");

/** One corpus for both owners of "is this a secret?": keel check-config and runtime redaction. */
const SECRET_TEXTS = [
  join("sk-", "ant-api03-", "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z_AbC-dEfG"),
  join("sk-", "proj-", "4bC9dE2fG7hJ1kL6mN3pQ8rS5tU0vW"),
  join("AKIA", "IOSFODNN7EXAMPLE"),
  join("ghp", "_", "16C7e42F292c6912E7710c838347Ae178B4a"),
  join("ghp", "_", "16C7e42F292c6912E771"), // 20 characters: a secret in both now
  join("github", "_pat_", "11ABCDEFG0123456789_abcdefghijklmnopqrstuv"),
  join("sk", "_live_", "4eC39HqLyjWDarjtT1zdp7dc"),
  join("xox", "b-", "123456789012-abcdefghij"),
  join("glpat-", "x".repeat(20)),
  join("npm_", "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"),
  join(
    "eyJ",
    "hbGciOiJIUzI1NiJ9",
    ".",
    "eyJ",
    "zdWIiOiIxMjM0NTY3ODkwIn0",
    ".",
    "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9",
  ),
  join("-----BEGIN ", "RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----"),
  join("Bearer ", "abc.def-ghi_jkl"),
  join("postgres://app:", "hunter2secret", "@db.example.com/app"),
];

const PLAIN_TEXTS = [
  "123e4567-e89b-42d3-a456-426614174000",
  "ORD-2025-000123",
  "eyJwYWdlIjoyLCJzaXplIjo1MH0",
  join("pk", "_live_", "51HqLyjWDarjtT1zdp7dc"),
  "see sk-learn-tutorial-for-beginners and task-manager",
  "Bearer tokens expire; bearer bonds do not. Nor do Bearer instruments.",
  "https://example.com/path?q=1",
  "postgres://app:${DB_PASSWORD}@db.example.com/app",
  "--verbose",
];

const SECRET_NAMES = ["API_KEY", "x-api-key", "authToken", "Authorization", "DB_PASSWORD", "client_secret"];
const PLAIN_NAMES = [
  "TOKEN_COUNT",
  "token_count",
  "MAX_TOKENS",
  "TOKEN_URL",
  "KEY_FILE",
  "LOG_LEVEL",
  "MONKEY",
];

/** Whether keel check-config reports the text as a hard-coded secret in a field whose name says nothing. */
function checkConfigFinds(text: string): boolean {
  const report = checkMcpConfig(
    { mcpServers: { demo: { command: "node", args: ["serve", text] } } },
    { DB_PASSWORD: "set" },
  );
  return (report.servers[0]?.findings ?? []).some((finding) => finding.field === "args[1]");
}

/** Whether keel check-config reports a literal in an env variable of that name. */
function checkConfigFindsName(name: string): boolean {
  const report = checkMcpConfig({ mcpServers: { demo: { command: "node", env: { [name]: "plain" } } } }, {});
  return (report.servers[0]?.findings ?? []).some((finding) => finding.field === `env.${name}`);
}

describe("check-config and runtime redaction agree on one corpus", () => {
  it.each(SECRET_TEXTS)("both find the secret in %s", (text) => {
    expect(checkConfigFinds(text)).toBe(true);
    expect(containsSecret(text)).toBe(true);
    expect(redactSecretText(text)).not.toBe(text);
  });

  it.each(PLAIN_TEXTS)("neither finds a secret in %s", (text) => {
    expect(checkConfigFinds(text)).toBe(false);
    expect(containsSecret(text)).toBe(false);
    expect(redactSecretText(text)).toBe(text);
  });

  it.each(SECRET_NAMES)("both treat a field named %s as a secret", (name) => {
    expect(checkConfigFindsName(name)).toBe(true);
    expect(redactJsonSecrets({ [name]: "plain" })).toEqual({ [name]: REDACTED });
  });

  it.each(PLAIN_NAMES)("neither treats a field named %s as a secret (the last word decides)", (name) => {
    expect(checkConfigFindsName(name)).toBe(false);
    expect(redactJsonSecrets({ [name]: "plain" })).toEqual({ [name]: "plain" });
  });
});

describe("the rule set in keel check-config --help", () => {
  it("names the rule set and its version", async () => {
    const { code, stdout } = await runCli(["check-config", "--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain(`gitleaks ${GITLEAKS_SOURCE.version}`);
    expect(stdout).not.toMatch(/Stripe \(sk_live_, rk_live_\)/);
  });
});
