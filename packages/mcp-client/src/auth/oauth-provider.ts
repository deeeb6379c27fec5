import { randomBytes } from "node:crypto";
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthServerInfo,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { McpClientError } from "../mcp-client-error.js";
import {
  memoryCredentialStore,
  type OAuthCredentialStore,
  type StoredOAuthCredentials,
} from "./credential-store.js";

export interface OAuthProviderOptions {
  /** The server's name: its credentials are stored under it. */
  readonly server: string;
  /** The MCP server's URL: credentials stored for another URL under the same name are not used. */
  readonly serverUrl: string;
  /** Where tokens and the client registration are kept. Default: in memory, for this provider only. */
  readonly store?: OAuthCredentialStore;
  /** Where the authorization server sends the browser back. Default `http://localhost:33418/callback`. */
  readonly redirectUrl?: string;
  /** A pre-registered client (no dynamic registration); with `clientSecret` for a confidential one. */
  readonly clientId?: string;
  readonly clientSecret?: string;
  /** An HTTPS URL of this client's metadata document, used as the client id where the server supports it. */
  readonly clientMetadataUrl?: string;
  /** Scopes asked for when neither the server's `WWW-Authenticate` nor its metadata names any. */
  readonly scopes?: readonly string[];
  /** Shown to the person on the consent screen. Default "Keel". */
  readonly clientName?: string;
  /**
   * Sends a person to `authorizationUrl` (a browser, a printed link) and resolves with the URL the
   * authorization server redirected back to. Without it the provider never asks a person: a server that
   * needs a new authorization fails with MCP_UNAUTHORIZED (a `permission` outcome for calls).
   */
  readonly authorize?: (authorizationUrl: URL) => Promise<string | URL>;
  /** What a person should do when authorization is needed again, e.g. "run `keel mcp login github`". */
  readonly loginHint?: string;
  /** Clock for the tokens' saved-at time. */
  readonly now?: () => Date;
}

export const DEFAULT_REDIRECT_URL = "http://localhost:33418/callback";

/**
 * An OAuth provider for one MCP server, for `auth` on an HTTP server config. The MCP SDK runs the flow
 * (discovery, registration, PKCE, `resource`, scopes, refresh); this keeps what it obtains in `store` and,
 * with `authorize`, asks a person when the SDK needs a new authorization.
 */
export function createOAuthProvider(options: OAuthProviderOptions): OAuthClientProvider {
  return new StoredOAuthProvider(options);
}

export class StoredOAuthProvider implements OAuthClientProvider {
  readonly options: OAuthProviderOptions;
  readonly clientMetadataUrl?: string;
  private readonly store: OAuthCredentialStore;
  private record: StoredOAuthCredentials | undefined;
  private loaded = false;
  private verifier: string | undefined;
  private expectedState: string | undefined;
  /** The redirect a person is completing: resolves with the authorization code. */
  private pending: Promise<string> | undefined;

  constructor(options: OAuthProviderOptions) {
    this.options = options;
    this.store = options.store ?? memoryCredentialStore();
    if (options.clientMetadataUrl !== undefined) this.clientMetadataUrl = options.clientMetadataUrl;
  }

  get redirectUrl(): string {
    return this.options.redirectUrl ?? DEFAULT_REDIRECT_URL;
  }

  get clientMetadata(): OAuthClientMetadata {
    const { clientSecret, scopes } = this.options;
    return {
      client_name: this.options.clientName ?? "Keel",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: clientSecret === undefined ? "none" : "client_secret_basic",
      ...(scopes === undefined || scopes.length === 0 ? {} : { scope: scopes.join(" ") }),
    };
  }

  state(): string {
    this.expectedState = randomBytes(16).toString("base64url");
    return this.expectedState;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const stored = (await this.load())?.clientInformation;
    const { clientId, clientSecret } = this.options;
    if (clientId !== undefined) {
      // A pre-registered client: the configured id wins; the stored copy only adds the issuer it was used with.
      const issuer = stored?.client_id === clientId ? stored.issuer : undefined;
      return {
        client_id: clientId,
        ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
        ...(issuer === undefined || issuer === null ? {} : { issuer }),
      };
    }
    // A registration made for another redirect URL (another loopback port) is useless for a new login.
    const uris = stored !== undefined && "redirect_uris" in stored ? stored.redirect_uris : undefined;
    if (this.options.authorize !== undefined && uris !== undefined && !uris.includes(this.redirectUrl))
      return undefined;
    return stored;
  }

  async saveClientInformation(clientInformation: OAuthClientInformationMixed): Promise<void> {
    await this.update({ clientInformation });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.load())?.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.update({ tokens, tokensSavedAt: (this.options.now?.() ?? new Date()).toISOString() });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const { authorize } = this.options;
    if (authorize === undefined) throw this.cannotAuthorize();
    const state = this.expectedState;
    this.pending = Promise.resolve(authorize(authorizationUrl)).then((url) => codeOf(url, state, this.name));
    // Consumed by completePendingAuthorization; a rejection nobody waits for must not crash the process.
    this.pending.catch(() => {});
  }

  /**
   * Called by the SDK after discovery, before anything is registered or sent: an authorization server whose
   * metadata names another issuer than the URL it was found at is refused (see issuerProblem), which SDK
   * 1.32 does not check itself.
   */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    const problem = issuerProblem(this.name, state);
    if (problem !== undefined) throw new McpClientError("MCP_UNAUTHORIZED", `${problem}.`);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined)
      throw new Error("no PKCE code verifier: the authorization was not started");
    return this.verifier;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if (scope === "verifier" || scope === "all") this.verifier = undefined;
    if (scope === "discovery" || scope === "verifier") return;
    const record = await this.load();
    if (record === undefined) return;
    const { tokens, tokensSavedAt, clientInformation, ...rest } = record;
    const keepTokens = scope === "client" && tokens !== undefined ? { tokens } : {};
    const keepSavedAt = scope === "client" && tokensSavedAt !== undefined ? { tokensSavedAt } : {};
    const keepClient = scope === "tokens" && clientInformation !== undefined ? { clientInformation } : {};
    await this.write({ ...rest, ...keepTokens, ...keepSavedAt, ...keepClient });
  }

  /** The code of the redirect a person is completing, or undefined when no authorization was started. */
  takePendingCode(): Promise<string> | undefined {
    const pending = this.pending;
    this.pending = undefined;
    return pending;
  }

  private get name(): string {
    return this.options.server;
  }

  /**
   * Thrown from redirectToAuthorization when no person can be asked. A refresh token still stored means the
   * refresh failed without the server refusing it (the SDK drops a refused one first): the authorization
   * server did not answer, which passes. Otherwise a person must authorise again.
   */
  private cannotAuthorize(): McpClientError {
    if (this.record?.tokens?.refresh_token !== undefined) {
      return new McpClientError(
        "MCP_AUTHORIZATION_SERVER_UNAVAILABLE",
        `The authorization server of the MCP server "${this.name}" did not answer when its token was refreshed. ` +
          "Try again shortly.",
      );
    }
    const hint = this.options.loginHint ?? "a person must authorise access to it again";
    const why = this.record?.tokens === undefined ? "has no authorization" : "refused the stored token";
    return new McpClientError("MCP_UNAUTHORIZED", `The MCP server "${this.name}" ${why}: ${hint}.`);
  }

  private async load(): Promise<StoredOAuthCredentials | undefined> {
    if (!this.loaded) {
      const record = await this.store.load(this.name);
      this.record = record?.serverUrl === this.options.serverUrl ? record : undefined;
      this.loaded = true;
    }
    return this.record;
  }

  private async update(change: Partial<StoredOAuthCredentials>): Promise<void> {
    const current = (await this.load()) ?? { serverUrl: this.options.serverUrl };
    await this.write({ ...current, ...change });
  }

  private async write(record: StoredOAuthCredentials): Promise<void> {
    this.record = record;
    this.loaded = true;
    await this.store.save(this.name, record);
  }
}

/** The `code` of the redirect back, after checking `state` and that the server did not send an error. */
function codeOf(redirect: string | URL, expectedState: string | undefined, server: string): string {
  const url = new URL(redirect);
  const error = url.searchParams.get("error");
  if (error !== null) {
    const description = url.searchParams.get("error_description");
    throw new McpClientError(
      "MCP_UNAUTHORIZED",
      `The authorization server of "${server}" refused: ${error}${description ? ` (${description})` : ""}.`,
    );
  }
  if (expectedState !== undefined && url.searchParams.get("state") !== expectedState) {
    throw new McpClientError(
      "MCP_UNAUTHORIZED",
      `The redirect back from the authorization server of "${server}" carries the wrong state: ignored.`,
    );
  }
  const code = url.searchParams.get("code");
  if (code === null || code === "") {
    throw new McpClientError(
      "MCP_UNAUTHORIZED",
      `The redirect back from the authorization server of "${server}" carries no code.`,
    );
  }
  return code;
}

/**
 * Why discovered authorization-server metadata cannot be trusted: it names another issuer than the URL
 * it was found at (RFC 8414 §3.3). Only for a server named by protected-resource metadata: a 2025-03-26
 * server without it is its own authorization server, found at its origin, and that spec asks no such check.
 */
export function issuerProblem(server: string, state: OAuthServerInfo): string | undefined {
  const issuer = state.authorizationServerMetadata?.issuer;
  if (state.resourceMetadata === undefined || issuer === undefined) return undefined;
  if (sameUrl(issuer, state.authorizationServerUrl)) return undefined;
  return (
    `The authorization server of the MCP server "${server}" at ${state.authorizationServerUrl} calls ` +
    `itself ${issuer}: refused (its metadata must name the issuer it was found at)`
  );
}

/** Two URLs naming the same issuer: equal once a trailing slash is ignored. */
export function sameUrl(left: string, right: string): boolean {
  return left.replace(/\/+$/, "") === right.replace(/\/+$/, "");
}
