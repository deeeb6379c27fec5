export type { JsonTextResult } from "./json-text.js";
export { describeJsonError, describeReadError, jsonErrorPosition, parseJsonText } from "./json-text.js";
export { didYouMean, nearestName } from "./nearest-name.js";
