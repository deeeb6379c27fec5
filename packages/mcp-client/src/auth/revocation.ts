import { discoverOAuthServerInfo } from "@modelcontextprotocol/sdk/client/auth.js";
import { messageOf } from "../call-failure.js";
import type { StoredOAuthCredentials } from "./credential-store.js";
import { issuerProblem, sameUrl } from "./oauth-provider.js";
import { limitAuthorizationResponses } from "./response-limits.js";

/** What became of stored tokens at their authorization server. Never carries a token. */
export type RevocationResult =
  | { readonly status: "revoked"; readonly endpoint: string; readonly tokens: readonly string[] }
  | { readonly status: "nothing-to-revoke" }
  | { readonly status: "unsupported"; readonly authorizationServer: string }
  | { readonly status: "failed"; readonly reason: string };

export interface RevocationOptions {
  /** Per request to the servers, in ms. Default 10 000. */
  readonly timeoutMs?: number | undefined;
}

/**
 * Revokes the stored refresh and access tokens of the MCP server `name` at its authorization server's
 * `revocation_endpoint` (RFC 7009), found again from the server's URL the way the login found it (with
 * the same checks: the issuer, the size of each answer, redirects only within an origin). The tokens go
 * only to the authorization server they were issued by (the SDK stamps them with it): a server that now
 * names another is not sent them. Deletes nothing: the caller forgets the credentials, whatever this says.
 */
export async function revokeStoredTokens(
  name: string,
  stored: StoredOAuthCredentials,
  options: RevocationOptions = {},
): Promise<RevocationResult> {
  const { tokens } = stored;
  if (tokens === undefined) return { status: "nothing-to-revoke" };
  const timeout = options.timeoutMs ?? 10_000;
  const fetchFn = limitAuthorizationResponses(name, new URL(stored.serverUrl), undefined, (url, init) =>
    fetch(url, { ...init, signal: AbortSignal.timeout(timeout) }),
  );
  try {
    const info = await discoverOAuthServerInfo(stored.serverUrl, { fetchFn });
    const problem = issuerProblem(name, info);
    if (problem !== undefined) return { status: "failed", reason: problem };
    const issuedBy = tokens.issuer;
    if (typeof issuedBy === "string" && !sameUrl(issuedBy, info.authorizationServerUrl)) {
      return {
        status: "failed",
        reason:
          `the server now names the authorization server ${info.authorizationServerUrl}, not ${issuedBy} ` +
          "that issued the tokens: they were not sent to it",
      };
    }
    // OpenID metadata's type leaves revocation_endpoint out; RFC 8414 defines it for both.
    const metadata = info.authorizationServerMetadata as
      | { readonly issuer: string; readonly revocation_endpoint?: unknown }
      | undefined;
    if (metadata === undefined) {
      return {
        status: "failed",
        reason: `no authorization-server metadata could be read from ${info.authorizationServerUrl}`,
      };
    }
    const endpoint = metadata.revocation_endpoint;
    if (typeof endpoint !== "string")
      return { status: "unsupported", authorizationServer: info.authorizationServerUrl };
    const revoked: string[] = [];
    // The refresh token first: revoking it ends the grant (RFC 7009 §2.1), its access tokens with it.
    for (const [hint, token] of [
      ["refresh_token", tokens.refresh_token],
      ["access_token", tokens.access_token],
    ] as const) {
      if (token === undefined) continue;
      const response = await fetchFn(endpoint, revocationRequest(stored, hint, token));
      await response.body?.cancel().catch(() => {});
      if (!response.ok) {
        return {
          status: "failed",
          reason: `${endpointOf(endpoint)} answered HTTP ${response.status} for the ${hint}`,
        };
      }
      revoked.push(hint);
    }
    return { status: "revoked", endpoint: endpointOf(endpoint), tokens: revoked };
  } catch (error) {
    return { status: "failed", reason: messageOf(error) };
  }
}

/** The POST of RFC 7009 §2.1, authenticated the way the client authenticates at the token endpoint. */
function revocationRequest(stored: StoredOAuthCredentials, hint: string, token: string): RequestInit {
  const form = new URLSearchParams({ token, token_type_hint: hint });
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  const client = stored.clientInformation;
  const secret = client?.client_secret;
  const method =
    client !== undefined && "token_endpoint_auth_method" in client
      ? client.token_endpoint_auth_method
      : undefined;
  if (client !== undefined && secret !== undefined && method !== "client_secret_post") {
    // RFC 6749 §2.3.1: each part form-encoded, then Basic.
    const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
    headers.authorization = `Basic ${Buffer.from(`${encode(client.client_id)}:${encode(secret)}`).toString("base64")}`;
  } else if (client !== undefined) {
    form.set("client_id", client.client_id);
    if (secret !== undefined) form.set("client_secret", secret);
  }
  return { method: "POST", headers, body: form.toString() };
}

/** The endpoint for a message: origin and path, never a query. */
function endpointOf(endpoint: string): string {
  const url = new URL(endpoint);
  return `${url.origin}${url.pathname}`;
}
