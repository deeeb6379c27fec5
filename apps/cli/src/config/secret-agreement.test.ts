import { containsSecret, REDACTED, redactJsonSecrets, redactSecretText } from "@keel/secrets";
import { GITLEAKS_SOURCE, PLAIN_CORPUS, SECRET_CORPUS } from "@keel/secrets/internal";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli.test-helpers.js";
import { checkMcpConfig } from "./check-mcp-config.js";

const SECRET_TEXTS = SECRET_CORPUS;
const PLAIN_TEXTS = PLAIN_CORPUS;

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
