/**
 * How the shapes are built, for Keel's own tests and tools. No semver promise: names here may change in any
 * release.
 */

export { PLAIN_CORPUS, SECRET_CORPUS } from "./corpus.js";
export { re2ToRegExp, shannonEntropy } from "./gitleaks-rules.js";
export { gitleaksShape } from "./secret-shapes.js";
