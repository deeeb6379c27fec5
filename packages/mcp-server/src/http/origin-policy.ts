import { isLoopbackHost } from "./listen-policy.js";

/** Which browser origins and Host names may reach the server (DNS-rebinding protection). */
export interface OriginPolicy {
  /** Exact origins (`https://app.example.com`) allowed besides loopback ones. */
  readonly allowedOrigins: readonly string[];
  /** Host names allowed besides loopback ones; empty = any host (a wildcard bind without a list). */
  readonly allowedHosts: readonly string[];
  /** When false, any Host is accepted (a token-protected server bound to all interfaces, no list given). */
  readonly checkHost: boolean;
}

const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * The policy for a server bound to `host`: loopback names are always allowed; a specific bind address is
 * allowed as itself; configured names are allowed. Only a token-protected server bound to every
 * interface with no configured list accepts any Host (it cannot know its names).
 */
export function originPolicy(
  host: string,
  configured: {
    readonly allowedOrigins?: readonly string[] | undefined;
    readonly allowedHosts?: readonly string[] | undefined;
  },
  tokenRequired: boolean,
): OriginPolicy {
  const allowedHosts = [...(configured.allowedHosts ?? [])].map((name) => name.toLowerCase());
  if (!WILDCARD_HOSTS.has(host)) allowedHosts.push(host.toLowerCase());
  const checkHost = !tokenRequired || !WILDCARD_HOSTS.has(host) || (configured.allowedHosts ?? []).length > 0;
  return { allowedOrigins: [...(configured.allowedOrigins ?? [])], allowedHosts, checkHost };
}

/**
 * The MCP transport spec requires servers to validate `Origin`: a page on another site must not reach a
 * local server through the user's browser. No Origin (a non-browser client) is fine; a loopback origin is
 * fine; anything else must be on the list.
 */
export function originAllowed(origin: string | undefined, policy: OriginPolicy): boolean {
  if (origin === undefined) return true;
  if (policy.allowedOrigins.includes(origin)) return true;
  try {
    return isLoopbackHost(new URL(origin).hostname);
  } catch {
    return false;
  }
}

export function hostAllowed(host: string, policy: OriginPolicy): boolean {
  if (isLoopbackHost(host)) return true;
  if (!policy.checkHost) return true;
  return policy.allowedHosts.includes(host.toLowerCase());
}

/** How deep JSON may nest in a request; deeper is refused before parsing deeper code can overflow. */
export const MAX_JSON_DEPTH = 64;

/** The deepest `[`/`{` nesting of JSON text, scanned without recursion (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 92 /* \\ */) index += 1;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 91 || char === 123) deepest = Math.max(deepest, ++depth);
    else if (char === 93 || char === 125) depth -= 1;
  }
  return deepest;
}

/** A JSON-RPC batch must not repeat a request id: every request must get its own answer. */
export function repeatedBatchId(payload: unknown): boolean {
  if (!Array.isArray(payload)) return false;
  const seen = new Set<string>();
  for (const message of payload as Array<{ id?: unknown; method?: unknown }>) {
    if (typeof message.method !== "string" || message.id === undefined) continue;
    const key = JSON.stringify(message.id);
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}
