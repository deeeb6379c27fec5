/**
 * Shared JSDoc types of the loop implementations.
 *
 * @typedef {{ fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>, baseURL?: string }} Transport
 * @typedef {{
 *   transport: Transport,
 *   stream: boolean,
 *   model: string,
 *   toolNames: import("../lib/tool-behavior.mjs").ToolShape[],
 *   behaviour: ReturnType<typeof import("../lib/tool-behavior.mjs").toolBehavior>,
 *   maxRequests: number,
 *   eager?: boolean,
 * }} LoopSetup
 * @typedef {{ run: () => Promise<{ text: string, requests: number }> }} Loop
 */
export {};
