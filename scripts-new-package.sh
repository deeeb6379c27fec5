#!/usr/bin/env bash
# usage: scripts-new-package.sh DIR NAME "description" [private]
set -euo pipefail
dir=$1 name=$2 desc=$3 priv=${4:-}
mkdir -p "$dir/src"
cat > "$dir/package.json" <<JSON
{
  "name": "$name",
  "version": "0.1.0",
  "description": "$desc",
  "license": "MIT",
  "type": "module",
  "sideEffects": false,
  "engines": { "node": ">=20.19" },
  "repository": { "type": "git", "url": "git+https://github.com/keel-dev/keel.git", "directory": "$dir" },
  "exports": {
    "./package.json": "./package.json",
    ".": { "@keel/source": "./src/index.ts", "types": "./dist/index.d.ts", "import": "./dist/index.js" }
  },
  "types": "./dist/index.d.ts",
  "files": ["dist", "src", "!src/**/*.test.ts", "!src/**/__fixtures__", "!src/**/*.test-helpers.ts"],
  "publishConfig": { "access": "public", "provenance": true },
  "scripts": {
    "build": "tsc -p tsconfig.build.json",
    "typecheck": "tsc -p tsconfig.json --noEmit",
    "test": "vitest run",
    "publint": "publint --strict"
  },
  "dependencies": {},
  "devDependencies": {
    "@types/node": "catalog:",
    "publint": "^0.3.25",
    "typescript": "catalog:",
    "vitest": "catalog:"
  }
}
JSON
cat > "$dir/tsconfig.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "noEmit": true },
  "include": ["src", "*.ts"]
}
JSON
cat > "$dir/tsconfig.build.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "customConditions": [], "rootDir": "src", "outDir": "dist", "noEmit": false },
  "include": ["src"],
  "exclude": ["src/**/*.test.ts", "src/**/__fixtures__", "src/**/*.test-helpers.ts"]
}
JSON
cat > "$dir/vitest.config.ts" <<'TS'
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@keel/source"] },
  ssr: { resolve: { conditions: ["@keel/source"] } },
  test: { include: ["src/**/*.test.ts"] },
});
TS
[ -f "$dir/src/index.ts" ] || echo "export {};" > "$dir/src/index.ts"
