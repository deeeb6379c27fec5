import type { Message, MessageTemplate } from "@keel/wire";
import { completeMessage } from "@keel/wire";
import { createId } from "./ids.js";
import { estimateTokens, type InputUsage } from "./prompt-cache.js";

/**
 * Turns a scripted template into the message served for one request (through `completeMessage` of
 * @keel/wire, the one owner of what a template leaves out): the request's model, computed usage
 * (scripted usage fields win), an inferred stop_reason, ids where the template has none.
 */
export function serveTemplate(template: MessageTemplate, model: string, inputUsage: InputUsage): Message {
  const outputTokens =
    template.usage?.output_tokens ?? estimateTokens(JSON.stringify(template.content).length);
  return completeMessage(template, {
    model,
    id: createId("msg"),
    usage: { ...inputUsage, output_tokens: outputTokens },
    toolUseId: () => createId("toolu"),
  });
}
