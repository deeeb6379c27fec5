export type {
  EmptyOutcome,
  ErrorCategory,
  ErrorOutcome,
  JsonObject,
  JsonValue,
  Recovery,
  SuccessOutcome,
  ToolOutcome,
} from "./types.js";
