import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { readPackageVersion } from "./package-version.js";

async function moduleBeside(manifest: string | undefined): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "keel-version-"));
  await mkdir(join(root, "dist"));
  if (manifest !== undefined) await writeFile(join(root, "package.json"), manifest);
  return pathToFileURL(join(root, "dist", "index.js")).href;
}

describe("readPackageVersion", () => {
  it("reads the version of the package.json one level above the module", async () => {
    expect(readPackageVersion(await moduleBeside('{ "version": "2.3.4" }'))).toBe("2.3.4");
  });

  it("answers 0.0.0 when package.json is missing, broken or has no string version", async () => {
    expect(readPackageVersion(await moduleBeside(undefined))).toBe("0.0.0");
    expect(readPackageVersion(await moduleBeside("{ not json"))).toBe("0.0.0");
    expect(readPackageVersion(await moduleBeside('{ "version": 2 }'))).toBe("0.0.0");
  });
});
