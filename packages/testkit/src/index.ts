export { TestkitConfigError } from "./config-error.js";
export type {
  ErrorAfterDeltasFault,
  Fault,
  FaultPlan,
  FaultSpec,
  HttpFault,
  MaxTokensFault,
  ResetAfterEventsFault,
  SlowFault,
} from "./faults.js";
export type {
  FakeMessagesApiOptions,
  HandlerContext,
  MessagesHandler,
  RecordedRequest,
  RecordedResponse,
  StreamingOptions,
} from "./options.js";
export type { OtlpReceiver, ReceivedSpan } from "./otlp-receiver.js";
export { startOtlpReceiver } from "./otlp-receiver.js";
export { estimateTokens } from "./prompt-cache.js";
export type { ResponseOptions, ToolCallSpec } from "./response-builders.js";
export { messageResponse, textResponse, toolUseResponse } from "./response-builders.js";
export type { FakeMessagesApi } from "./server.js";
export { startFakeMessagesApi } from "./server.js";
export type { MessagesRequest } from "./wire.js";
