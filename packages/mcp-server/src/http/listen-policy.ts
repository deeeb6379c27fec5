import { isIP } from "node:net";
import { KeelMcpConfigError } from "../config-error.js";
import type { TokenTable } from "./auth.js";

/** True for `localhost`, 127.0.0.0/8 and ::1 (also as `[::1]` or IPv4-mapped). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (bare === "localhost") return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  if (isIP(bare) === 6) return bare === "::1" || /^::ffff:127\./.test(bare);
  return false;
}

/**
 * Refuses to serve a non-loopback address without a token: anyone who can reach it could pay refunds.
 * Loopback without a token is allowed for local development (with a Host-header check per request).
 */
export function checkListenPolicy(host: string, tokens: TokenTable): void {
  if (tokens.entries.length > 0 || isLoopbackHost(host)) return;
  throw new KeelMcpConfigError(
    "TOKEN_REQUIRED",
    `Refusing to listen on ${host}: it is not a loopback address and no token is set. Set KEEL_MCP_TOKEN ` +
      "(and optionally KEEL_MCP_READONLY_TOKEN) to a random secret, or listen on 127.0.0.1.",
  );
}

/** The host name of a Host header (`127.0.0.1:8787` → `127.0.0.1`, `[::1]:8787` → `::1`). */
export function hostOfHeader(header: string | undefined): string {
  if (!header) return "";
  const bracketed = /^\[([^\]]*)\]/.exec(header);
  if (bracketed?.[1] !== undefined) return bracketed[1];
  return header.replace(/:\d+$/, "");
}
