import { readPackageVersion } from "@keel/wire/internal";

/** The `serverInfo` name clients see. */
export const SERVER_NAME = "keel-mcp";

/** The package version, read once from package.json (one level above both src/ and dist/). */
export const SERVER_VERSION: string = readPackageVersion(import.meta.url);
