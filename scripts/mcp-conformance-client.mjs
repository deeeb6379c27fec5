#!/usr/bin/env node
// The MCP conformance suite's client under test (`@modelcontextprotocol/conformance client --command ...`):
// Keel's MCP client, used only through @keel/mcp-client's public API (build it first). The suite passes the
// server URL as the last argument and the scenario in MCP_CONFORMANCE_SCENARIO (its data, for some, in
// MCP_CONFORMANCE_CONTEXT). Run every scenario with scripts/mcp-conformance.sh.
import { createRequire } from "node:module";

const packageJson = new URL("../packages/mcp-client/package.json", import.meta.url);
const { connectMcpServer, createOAuthProvider } = await import(
  new URL("../packages/mcp-client/dist/index.js", import.meta.url).href
);

const serverUrl = process.argv.at(-1);
// biome-ignore lint/suspicious/noUndeclaredEnvVars: set by the conformance runner, not by a turbo task
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
// biome-ignore lint/suspicious/noUndeclaredEnvVars: set by the conformance runner, not by a turbo task
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}");
const REDIRECT_URL = "http://localhost:3000/callback";

/** The suite's authorization servers approve at once: the "browser" is a fetch that reads the redirect. */
async function headlessBrowser(authorizationUrl) {
  const response = await fetch(authorizationUrl, { redirect: "manual" });
  const location = response.headers.get("location");
  if (location === null)
    throw new Error(`no redirect from ${authorizationUrl.origin} (HTTP ${response.status})`);
  return new URL(location, authorizationUrl);
}

async function authFor(name) {
  if (!name.startsWith("auth/")) return undefined;
  if (name === "auth/client-credentials-basic" || name === "auth/client-credentials-jwt") {
    // Any OAuthClientProvider goes in `auth`: here the SDK's own client-credentials providers, resolved from
    // @keel/mcp-client's own dependencies (knip.json ignores the SDK for the root's scripts for this).
    const require = createRequire(packageJson);
    const extensions = await import(require.resolve("@modelcontextprotocol/sdk/client/auth-extensions.js"));
    return name === "auth/client-credentials-basic"
      ? new extensions.ClientCredentialsProvider({
          clientId: context.client_id,
          clientSecret: context.client_secret,
        })
      : new extensions.PrivateKeyJwtProvider({
          clientId: context.client_id,
          privateKey: context.private_key_pem,
          algorithm: context.signing_algorithm ?? "ES256",
        });
  }
  return createOAuthProvider({
    server: "conformance",
    serverUrl,
    redirectUrl: REDIRECT_URL,
    clientMetadataUrl: "https://conformance-test.local/client-metadata.json",
    ...(context.client_id === undefined ? {} : { clientId: context.client_id }),
    ...(context.client_secret === undefined ? {} : { clientSecret: context.client_secret }),
    authorize: headlessBrowser,
  });
}

const ARGUMENTS = { add_numbers: { a: 2, b: 3 } };

const auth = await authFor(scenario);
const connection = await connectMcpServer({
  name: "conformance",
  server: { type: "http", url: serverUrl, ...(auth === undefined ? {} : { auth }) },
  // SEP-1034: accept with nothing filled in; Keel applies the schema's defaults.
  onElicit: () => ({ action: "accept", content: {} }),
  onEvent: (event) => console.error(JSON.stringify(event)),
});
let failed = false;
try {
  for (const tool of connection.tools) {
    const outcome = await tool.handler(ARGUMENTS[tool.name] ?? {}, {
      signal: AbortSignal.timeout(20_000),
      toolUseId: "toolu_conformance",
      runId: "conformance",
      iteration: 1,
      metadata: {},
    });
    console.error(
      `${tool.name}: ${outcome.kind}${outcome.kind === "error" ? ` ${outcome.code} ${outcome.message}` : ""}`,
    );
    if (outcome.kind === "error") failed = true;
  }
} finally {
  await connection.close();
}
process.exitCode = failed ? 1 : 0;
