import { createHash, timingSafeEqual } from "node:crypto";
import { KeelMcpConfigError } from "../config-error.js";
import type { Role } from "../roles.js";

/** Tokens shorter than this are refused at start: they can be guessed. */
export const MIN_TOKEN_LENGTH = 16;

/** The configured bearer tokens, kept only as SHA-256 digests (equal length, compared in constant time). */
export interface TokenTable {
  readonly entries: readonly { readonly role: Role; readonly digest: Buffer }[];
}

export interface TokenSettings {
  /** `KEEL_MCP_TOKEN`: callers presenting it get the `agent` role (may refund). */
  readonly agentToken?: string | undefined;
  /** `KEEL_MCP_READONLY_TOKEN`: callers presenting it get the `readonly` role (read tools only). */
  readonly readonlyToken?: string | undefined;
  /** `KEEL_MCP_SUPERVISOR_TOKEN`: callers presenting it get the `supervisor` role (the approval tools only). */
  readonly supervisorToken?: string | undefined;
}

export type Authentication =
  | { readonly ok: true; readonly role: Role }
  | { readonly ok: false; readonly reason: "missing" | "invalid" };

/** Builds the table; throws KeelMcpConfigError for a short token or the same token for both roles. */
export function tokenTable(settings: TokenSettings): TokenTable {
  const configured: [Role, string, string][] = [];
  if (settings.agentToken) configured.push(["agent", "KEEL_MCP_TOKEN", settings.agentToken]);
  if (settings.readonlyToken)
    configured.push(["readonly", "KEEL_MCP_READONLY_TOKEN", settings.readonlyToken]);
  if (settings.supervisorToken)
    configured.push(["supervisor", "KEEL_MCP_SUPERVISOR_TOKEN", settings.supervisorToken]);
  for (const [, variable, token] of configured) {
    if (/\s/.test(token)) {
      throw new KeelMcpConfigError(
        "TOKEN_TOO_SHORT",
        `${variable} contains white space; use a random token without spaces, e.g. \`openssl rand -hex 32\`.`,
      );
    }
    if (token.length < MIN_TOKEN_LENGTH) {
      throw new KeelMcpConfigError(
        "TOKEN_TOO_SHORT",
        `${variable} is shorter than ${MIN_TOKEN_LENGTH} characters; use a random one, e.g. \`openssl rand -hex 32\`.`,
      );
    }
  }
  for (const [index, [, variable, token]] of configured.entries()) {
    const twin = configured.slice(index + 1).find(([, , other]) => other === token);
    if (twin !== undefined) {
      throw new KeelMcpConfigError(
        "TOKENS_IDENTICAL",
        `${variable} and ${twin[1]} are the same, so the role of a caller would be ambiguous.`,
      );
    }
  }
  return { entries: configured.map(([role, , token]) => ({ role, digest: digest(token) })) };
}

/**
 * The role of the `Authorization: Bearer <token>` header. Every configured token is compared (in
 * constant time, on digests), so the time taken does not reveal which one was close.
 */
export function authenticate(header: string | undefined, table: TokenTable): Authentication {
  const match = header === undefined ? null : /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(header);
  if (!match?.[1]) return { ok: false, reason: "missing" };
  const presented = digest(match[1]);
  let role: Role | undefined;
  for (const entry of table.entries) {
    if (timingSafeEqual(presented, entry.digest) && role === undefined) role = entry.role;
  }
  return role === undefined ? { ok: false, reason: "invalid" } : { ok: true, role };
}

function digest(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}
