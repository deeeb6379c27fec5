import { isRecord } from "@keel/errors/internal";
import { UsageError } from "../usage-error.js";

/** A `.mcp.json` server's `oauth` entry, as Claude Code reads it (`clientId`, `callbackPort`) plus `scopes`. */
export interface OAuthSettings {
  /** A client registered beforehand with the authorization server (no dynamic registration). */
  readonly clientId?: string;
  /** The loopback port `keel mcp login` listens on for the redirect back (a pre-registered redirect URI). */
  readonly callbackPort?: number;
  /** Scopes to ask for when the server names none (`WWW-Authenticate`, its metadata). */
  readonly scopes?: readonly string[];
  /** An HTTPS URL of a client metadata document, used as the client id where the server supports it. */
  readonly clientMetadataUrl?: string;
}

/** Reads `entry.oauth` (absent: no settings); a wrong type is a UsageError naming the field. */
export function oauthSettingsOf(name: string, entry: Record<string, unknown>): OAuthSettings {
  const oauth = entry.oauth;
  if (oauth === undefined) return {};
  const where = `${name}.oauth`;
  if (!isRecord(oauth))
    throw new UsageError(`${where} must be an object ({ "clientId", "callbackPort", "scopes" }).`);
  const settings: {
    clientId?: string;
    callbackPort?: number;
    scopes?: readonly string[];
    clientMetadataUrl?: string;
  } = {};
  if (oauth.clientId !== undefined) settings.clientId = text(oauth.clientId, `${where}.clientId`);
  if (oauth.clientMetadataUrl !== undefined)
    settings.clientMetadataUrl = text(oauth.clientMetadataUrl, `${where}.clientMetadataUrl`);
  if (oauth.callbackPort !== undefined) {
    const port = oauth.callbackPort;
    if (typeof port !== "number" || !Number.isInteger(port) || port < 1 || port > 65535)
      throw new UsageError(`${where}.callbackPort must be a port number (1-65535).`);
    settings.callbackPort = port;
  }
  if (oauth.scopes !== undefined) {
    const scopes = typeof oauth.scopes === "string" ? oauth.scopes.split(/\s+/) : oauth.scopes;
    if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === "string"))
      throw new UsageError(`${where}.scopes must be a list of scopes (or one space-separated string).`);
    settings.scopes = scopes.filter((scope) => scope !== "");
  }
  return settings;
}

function text(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new UsageError(`${field} must be a non-empty string.`);
  return value;
}
