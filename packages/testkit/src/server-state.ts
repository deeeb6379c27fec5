import type { MessageTemplate } from "@keel/wire";
import { findMessageProblem } from "@keel/wire/internal";
import type { IssuedCompactions } from "./issued-compactions.js";
import type { RecordedRequest, ResolvedOptions } from "./options.js";
import type { PromptCache } from "./prompt-cache.js";
import type { MessagesRequest } from "./wire.js";

/** The mutable state of one server. */
export interface ServerState {
  readonly options: ResolvedOptions;
  readonly requests: RecordedRequest[];
  readonly cache: PromptCache;
  /** Compaction blocks served, so a later request that drops one is refused. */
  readonly compactions: IssuedCompactions;
  /** Cancels the timers of streams still being written. */
  readonly activeStreams: Set<() => void>;
  requestCount: number;
  scriptCursor: number;
}

/** The scripted or computed response, or the message of a 500 explaining why there is none. */
export async function nextTemplate(
  state: ServerState,
  request: MessagesRequest,
  index: number,
): Promise<MessageTemplate | string> {
  const { script, handler } = state.options;
  let template: unknown;
  if (script) {
    template = script[state.scriptCursor];
    if (template === undefined) {
      return `@keel/testkit: the script is exhausted: request #${index} arrived after all ${script.length} scripted response(s) were served. Add responses to \`script\` or use a \`handler\`.`;
    }
    return template as MessageTemplate;
  }
  try {
    template = await handler!(request, { index, requests: state.requests });
  } catch (error) {
    return `@keel/testkit: the handler threw on request #${index}: ${error instanceof Error ? error.message : String(error)}`;
  }
  const problem = findMessageProblem(template, "response", { strict: false });
  return problem
    ? `@keel/testkit: the handler's response to request #${index} cannot be served: ${problem}`
    : (template as MessageTemplate);
}

/** Waits, unless the server closes first. */
export function pause(state: ServerState, milliseconds: number): Promise<void> {
  return new Promise((resolve) => {
    const cancel = (): void => {
      clearTimeout(timer);
      state.activeStreams.delete(cancel);
      resolve();
    };
    const timer = setTimeout(cancel, milliseconds);
    state.activeStreams.add(cancel);
  });
}
