/**
 * How the shapes are built, for Keel's own tests and tools. No semver promise: names here may change in any
 * release.
 */

export { PLAIN_CORPUS, SECRET_CORPUS } from "./corpus.js";
export type { GitleaksRule } from "./gitleaks-rules.js";
export { GITLEAKS_RULES, GITLEAKS_SOURCE, re2ToRegExp, shannonEntropy } from "./gitleaks-rules.js";
export type { SecretMatch, SecretShape } from "./secret-shapes.js";
export { gitleaksShape, SECRET_SHAPES } from "./secret-shapes.js";
