import { readPackageVersion } from "@keel/wire/internal";

/** The version sent to servers in `initialize`, read once from package.json (above both src/ and dist/). */
export const VERSION: string = readPackageVersion(import.meta.url);
