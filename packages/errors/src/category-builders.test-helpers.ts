import {
  businessError,
  type CategoryErrorBuilder,
  permissionError,
  transientError,
  unclassifiedError,
  validationError,
} from "./builders.js";
import type { ErrorCategory } from "./types.js";

/** The five category builders by the category each fills in, for tests that go through all of them. */
export const CATEGORY_BUILDERS = {
  transient: transientError,
  validation: validationError,
  business: businessError,
  permission: permissionError,
  unclassified: unclassifiedError,
} as const satisfies Record<ErrorCategory, CategoryErrorBuilder>;
