import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@keel/source"] },
  ssr: { resolve: { conditions: ["@keel/source"] } },
  // Starting embedded PostgreSQL (PGlite, WebAssembly) takes seconds on a busy 2-core machine.
  test: { include: ["src/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 120_000 },
});
