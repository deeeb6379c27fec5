export type { DescribeJsonErrorOptions, JsonErrorPosition, JsonTextResult } from "./json-text.js";
export { describeJsonError, describeReadError, jsonErrorPosition, parseJsonText } from "./json-text.js";
export { didYouMean, nearestName } from "./nearest-name.js";
