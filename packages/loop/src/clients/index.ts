export type { AnthropicClientOptions, AnthropicSdkClient } from "./anthropic-client.js";
export { AnthropicClient } from "./anthropic-client.js";
export type { Cassette, CassetteInteraction, RecordedError } from "./cassette.js";
export { checkScript, loadScript } from "./load-script.js";
export type { ModelClient, ModelRequestOptions, ModelStreamEvent } from "./model-client.js";
export type {
  ModelClientErrorFields,
  ModelClientErrorKind,
  ModelClientErrorOptions,
} from "./model-client-error.js";
export { ModelClientError } from "./model-client-error.js";
export type { PlanContext, PlanFunction, PlanStep, ScratchpadEntry } from "./plan-function-client.js";
export { PlanFunctionClient } from "./plan-function-client.js";
export type { RecordingClientOptions } from "./recording-client.js";
export { RecordingClient } from "./recording-client.js";
export type { ReplayClientOptions } from "./replay-client.js";
export { ReplayClient } from "./replay-client.js";
export type { ScriptedClientOptions, ScriptFunction, ScriptStep } from "./scripted-client.js";
export { ScriptedClient } from "./scripted-client.js";
