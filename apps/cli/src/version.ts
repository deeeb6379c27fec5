import { readPackageVersion } from "@keel/wire/internal";

/** The CLI's version, read from its package.json (one directory above both src/ and dist/). */
export function cliVersion(): string {
  return readPackageVersion(import.meta.url);
}
