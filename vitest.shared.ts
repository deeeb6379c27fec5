/**
 * The vitest settings every package shares (each package's vitest.config.ts passes its own on top):
 * workspace packages resolve to their sources, and a JSON report of per-test durations lands in
 * `.vitest/results.json`, which `pnpm test` reads to print the slowest ten (scripts/slowest-tests.mjs).
 * A plain object, so this file needs nothing installed at the repository root.
 */
export function keelVitestConfig(
  test: {
    readonly testTimeout?: number;
    readonly hookTimeout?: number;
    readonly fileParallelism?: boolean;
    readonly isolate?: boolean;
  } = {},
) {
  return {
    resolve: { conditions: ["@keel/source"] },
    ssr: { resolve: { conditions: ["@keel/source"] } },
    test: {
      include: ["src/**/*.test.ts"],
      // Generous limits: property tests and PGlite start-up run on shared 2-core CI machines. No test asserts on time.
      testTimeout: 60_000,
      hookTimeout: 120_000,
      ...test,
      reporters: ["default", ["json", { outputFile: ".vitest/results.json" }]] as [
        "default",
        ["json", { outputFile: string }],
      ],
    },
  };
}
