import type { PostToolHook, PreToolHook } from "@keel/hooks";
import type { Tool } from "@keel/tools";
import type { SupportBackend } from "./backend/types.js";
import { createSupportHooks, type SupportHooksOptions } from "./hooks/create-support-hooks.js";
import { SUPPORT_SYSTEM_PROMPT } from "./system-prompt.js";
import { createSupportTools, type SupportToolsOptions } from "./tools/create-support-tools.js";

/** Options of the tools and the hooks together. */
export interface SupportAgentOptions extends SupportToolsOptions, SupportHooksOptions {}

/** What `runAgent` needs to be the support agent; spread it into the run options. */
export interface SupportAgent {
  readonly system: string;
  readonly tools: Tool[];
  readonly hooks: { readonly pre: PreToolHook[]; readonly post: PostToolHook[] };
}

/**
 * The support agent over one backend: system prompt, the six tools and the business hooks, wired the
 * one way the demo, the CLI and the tests share. `refundLimit` applies to the hook and the tool alike.
 */
export function supportAgent(backend: SupportBackend, options: SupportAgentOptions = {}): SupportAgent {
  return {
    system: SUPPORT_SYSTEM_PROMPT,
    tools: createSupportTools(backend, options),
    hooks: createSupportHooks(backend, options),
  };
}
