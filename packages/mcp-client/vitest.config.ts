import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@keel/source"] },
  ssr: { resolve: { conditions: ["@keel/source"] } },
  // Generous limits: property tests and PGlite start-up run on shared 2-core CI machines. No test asserts on time.
  test: { include: ["src/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 120_000 },
});
