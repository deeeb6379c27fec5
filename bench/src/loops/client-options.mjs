/**
 * What every toolkit's client is given: the bench's key, and the transport's base URL or in-process
 * `fetch`, whichever is set (the testkit accepts any key).
 * @param {import("./types.mjs").Transport} transport
 * @param {string} [basePath] appended to the base URL (`@ai-sdk/anthropic` wants the `/v1` prefix)
 */
export function clientOptions(transport, basePath = "") {
  return {
    apiKey: "sk-ant-bench",
    ...(transport.baseURL === undefined ? {} : { baseURL: `${transport.baseURL}${basePath}` }),
    ...(transport.fetch === undefined ? {} : { fetch: transport.fetch }),
  };
}
