/**
 * `@keel/folder-lock` has no public API yet: it is the one pid lock file of Keel's own packages
 * (`@keel/support-desk`'s PGlite data directory, `@keel/durable-runs`' folder owner, the `keel` CLI's
 * credential store), exported from `@keel/folder-lock/internal` with no semver promise.
 */
export {};
