/**
 * The vitest settings every package shares (each package's vitest.config.ts passes its own on top):
 * workspace packages resolve to their sources, and a JSON report of per-test durations lands in
 * `.vitest/results.json`, which `pnpm test` reads to print the slowest ten (scripts/slowest-tests.mjs), and
 * every run's temporary files go in one folder removed at its end (vitest.scratch.ts).
 * A plain object, so this file needs nothing installed at the repository root.
 */
import { fileURLToPath } from "node:url";

export function keelVitestConfig(
  test: {
    readonly testTimeout?: number;
    readonly hookTimeout?: number;
    readonly maxWorkers?: number;
    readonly isolate?: boolean;
  } = {},
  options: {
    /**
     * Test files that need a service named by an environment variable (PostgreSQL by DATABASE_URL): with
     * the variable unset they are left out of the run, and the run says so, instead of failing as empty
     * files. CI sets every variable, so CI runs every file.
     */
    readonly requiresEnv?: Readonly<Record<string, readonly string[]>>;
  } = {},
) {
  const leftOut: string[] = [];
  for (const [variable, files] of Object.entries(options.requiresEnv ?? {})) {
    if (process.env[variable] || files.length === 0) continue;
    leftOut.push(...files);
    // Said only when vitest runs (not when a tool such as knip reads the config); it changes no result.
    // biome-ignore lint/suspicious/noUndeclaredEnvVars: decides whether to print a line, never a task's output
    if (process.env.VITEST)
      console.warn(`Not run, ${variable} is not set (see CONTRIBUTING.md): ${files.join(", ")}`);
  }
  return {
    resolve: { conditions: ["@keel/source"] },
    ssr: { resolve: { conditions: ["@keel/source"] } },
    test: {
      include: ["src/**/*.test.ts"],
      exclude: ["**/node_modules/**", "**/.git/**", ...leftOut],
      // Generous limits: property tests and PGlite start-up run on shared 2-core CI machines. No test asserts on time.
      testTimeout: 60_000,
      hookTimeout: 120_000,
      // A worker runs its files one after another in one module graph: the SDKs, zod and PGlite's
      // WebAssembly load once per worker instead of once per file (a third of the CPU of most packages'
      // runs). A file that changes process-wide state (OpenTelemetry's globals, fake timers, a module mock:
      // tools' zod-3-25.test.ts resets the module registry before and after its vi.doMock) undoes it itself.
      // A package that cannot share sets `isolate: true`.
      isolate: false,
      ...test,
      globalSetup: [fileURLToPath(new URL("./vitest.scratch.ts", import.meta.url))],
      reporters: ["default", ["json", { outputFile: ".vitest/results.json" }]] as [
        "default",
        ["json", { outputFile: string }],
      ],
    },
  };
}
