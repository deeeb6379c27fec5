import type { ConfigCase } from "./corpus-types.js";

/** Secrets are assembled at run time so that no scanner mistakes this file for a leak; all are fake. */
const planted = (...parts: readonly string[]) => parts.join("");

const ANTHROPIC_KEY = planted("sk-ant-", "api03-", "PLANTEDplantedPLANTED0123456789abcdef");
const AWS_KEY = planted("AKIA", "IOSFODNN7", "EXAMPLE");
const GITHUB_TOKEN = planted("ghp_", "PLANTEDplantedPLANTEDplanted01234567");
const BEARER = planted("f00dfeed", "0123456789abcdef0123456789");
const URL_PASSWORD = planted("hunter2", "hunter2");
const PRIVATE_KEY = planted(
  "-----BEGIN ",
  "RSA PRIVATE KEY-----\nMIIEplanted\n-----END RSA PRIVATE KEY-----",
);
const STRIPE_KEY = planted("sk_", "live_", "PLANTEDplanted0123456789");

/** `${NAME}` as Claude Code writes a variable reference (built here so no linter reads it as a template slip). */
const variable = (name: string) => `$\{${name}}`;

const servers = (value: unknown) => JSON.stringify({ mcpServers: value }, null, 2);
const stdio = (extra: Record<string, unknown>) => ({ command: "node", args: ["server.js"], ...extra });
const leak = (
  id: string,
  why: string,
  text: string,
  fields: readonly string[],
  secret: string,
): ConfigCase => ({
  id,
  category: "mcp-config",
  why,
  text,
  env: {},
  expect: { exitCode: 1, fields, neverPrinted: secret },
});

/** `.mcp.json` files with planted secrets (and clean controls), checked by the built `keel check-config`. */
export const CONFIG_CORPUS: readonly ConfigCase[] = [
  leak(
    "anthropic-key-in-args",
    "An API key passed as a flag.",
    servers({ support: stdio({ args: ["server.js", "--api-key", ANTHROPIC_KEY] }) }),
    ["args[2]"],
    ANTHROPIC_KEY,
  ),
  leak(
    "anthropic-key-in-flag-value",
    "--api-key=<key> in one argument.",
    servers({ support: stdio({ args: ["server.js", `--api-key=${ANTHROPIC_KEY}`] }) }),
    ["args[1]"],
    ANTHROPIC_KEY,
  ),
  leak(
    "aws-key-in-env",
    "An AWS access key id in env.",
    servers({ support: stdio({ env: { AWS_ACCESS_KEY_ID: AWS_KEY } }) }),
    ["env.AWS_ACCESS_KEY_ID"],
    AWS_KEY,
  ),
  leak(
    "github-token-in-header",
    "A GitHub token in an HTTP header.",
    servers({
      remote: {
        type: "http",
        url: "https://mcp.example.com/mcp",
        headers: { "X-GitHub-Token": GITHUB_TOKEN },
      },
    }),
    ["headers.X-GitHub-Token"],
    GITHUB_TOKEN,
  ),
  leak(
    "bearer-literal",
    "A literal bearer token.",
    servers({
      remote: {
        type: "http",
        url: "https://mcp.example.com/mcp",
        headers: { Authorization: `Bearer ${BEARER}` },
      },
    }),
    ["headers.Authorization"],
    BEARER,
  ),
  leak(
    "password-in-url",
    "user:password@ in the URL.",
    servers({ remote: { type: "http", url: `https://admin:${URL_PASSWORD}@mcp.example.com/mcp` } }),
    ["url"],
    URL_PASSWORD,
  ),
  leak(
    "default-secret",
    "A well-known default password in a secret-named field.",
    servers({ support: stdio({ env: { DB_PASSWORD: "changeme" } }) }),
    ["env.DB_PASSWORD"],
    "changeme",
  ),
  leak(
    "secret-as-variable-default",
    "A real key hidden as the default of a variable reference (VAR:-…).",
    servers({ support: stdio({ env: { ANTHROPIC_API_KEY: `\${ANTHROPIC_API_KEY:-${ANTHROPIC_KEY}}` } }) }),
    ["env.ANTHROPIC_API_KEY"],
    ANTHROPIC_KEY,
  ),
  leak(
    "private-key-in-env",
    "A PEM private key.",
    servers({ support: stdio({ env: { TLS_KEY: PRIVATE_KEY } }) }),
    ["env.TLS_KEY"],
    PRIVATE_KEY,
  ),
  leak(
    "stripe-key-in-command",
    "A live key inside the command line itself.",
    servers({ support: { command: `STRIPE=${STRIPE_KEY} node server.js` } }),
    ["command"],
    STRIPE_KEY,
  ),
  leak(
    "secret-in-second-server",
    "One clean server, one leaky: the leaky one is named.",
    servers({ clean: stdio({}), leaky: stdio({ env: { API_TOKEN: ANTHROPIC_KEY } }) }),
    ["env.API_TOKEN"],
    ANTHROPIC_KEY,
  ),
  {
    id: "not-json-with-secret",
    category: "mcp-config",
    why: "A broken file that contains a key: the JSON error must not quote it.",
    text: `{ "mcpServers": { "x": { "env": { "KEY": "${ANTHROPIC_KEY}" } }, }`,
    env: {},
    expect: { exitCode: 1, fields: ["(file)"], neverPrinted: ANTHROPIC_KEY },
  },
  {
    id: "unset-token-variable",
    category: "mcp-config",
    why: "A KEEL_MCP_TOKEN reference without a value and without a default fails closed.",
    text: servers({
      remote: {
        type: "http",
        url: "http://127.0.0.1:8787/mcp",
        headers: { Authorization: `Bearer ${variable("KEEL_MCP_TOKEN")}` },
      },
    }),
    env: {},
    expect: { exitCode: 1, fields: ["headers.Authorization"] },
  },
  {
    id: "clean-with-variables",
    category: "mcp-config",
    why: "The control: every secret is a variable reference that is set.",
    text: servers({
      remote: {
        type: "http",
        url: "http://127.0.0.1:8787/mcp",
        headers: { Authorization: `Bearer ${variable("KEEL_MCP_TOKEN")}` },
      },
    }),
    env: { KEEL_MCP_TOKEN: BEARER },
    expect: { exitCode: 0, neverPrinted: BEARER },
  },
];
