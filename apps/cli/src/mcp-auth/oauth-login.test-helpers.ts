import { writeFileSync } from "node:fs";
import { join } from "node:path";
// The in-process authorization server and protected MCP server of @keel/mcp-client's OAuth tests.
import {
  approveInBrowser,
  type Lies,
  type ProtectedMcpServer,
  startProtectedMcpServer,
} from "../../../../packages/mcp-client/src/auth/oauth-test-servers.test-helpers.js";
import { type CliResult, temporaryDirectory } from "../cli.test-helpers.js";
import { main } from "../main.js";

/** A protected MCP server named "protected" in the .mcp.json of a new folder with its own credential store. */
export interface OAuthWorkspace {
  readonly server: ProtectedMcpServer;
  readonly cwd: string;
  readonly env: Record<string, string>;
}

export async function oauthWorkspace(lies: Lies = {}): Promise<OAuthWorkspace> {
  const server = await startProtectedMcpServer(lies);
  const cwd = temporaryDirectory();
  const config = {
    mcpServers: { protected: { type: "http", url: server.url, oauth: { scopes: ["tools"] } } },
  };
  writeFileSync(join(cwd, ".mcp.json"), JSON.stringify(config));
  return { server, cwd, env: { KEEL_MCP_CREDENTIALS_DIR: join(cwd, "credentials") } };
}

/** `keel mcp login protected`, with the test as the person: it opens the printed URL and follows the redirect. */
export async function loginAsPerson({ cwd, env }: OAuthWorkspace): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  let browsing: Promise<unknown> = Promise.resolve();
  const code = await main(["mcp", "login", "protected"], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: {
      write: (text: string) => {
        stderr += text;
        const url = /https?:\/\/\S+\/authorize\S*/.exec(text)?.[0];
        if (url !== undefined) browsing = approveInBrowser(new URL(url)).then((back) => fetch(back));
      },
    },
    env,
    cwd,
    isTTY: false,
  });
  await browsing;
  return { code, stdout, stderr };
}
