import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StoredOAuthCredentials } from "@keel/mcp-client";
import { afterAll, describe, expect, it } from "vitest";
import { UsageError } from "../usage-error.js";
import { type CredentialDatabase, openCredentialDatabase } from "./credential-database.js";
import { type CredentialsLocation, credentialsSecret } from "./credential-key.js";
import { sqlCredentialStore } from "./credential-store.js";

const SECRET = "k".repeat(40);
const OTHER_SECRET = "o".repeat(40);
const credentials = (token: string): StoredOAuthCredentials => ({
  serverUrl: "https://mcp.example.test/mcp",
  tokens: { access_token: token, token_type: "Bearer", refresh_token: `refresh-${token}` },
  tokensSavedAt: "2026-11-27T12:00:00.000Z",
});

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The same contract on both stores the credentials may live in. */
function describeCredentialStore(name: string, location: () => CredentialsLocation) {
  describe(`MCP credentials on ${name}`, () => {
    const server = `srv-${process.pid}-${Date.now()}`;
    let database: CredentialDatabase;

    it("keeps, lists and forgets a server's credentials, sealed at rest", async () => {
      database = await openCredentialDatabase(location());
      const store = sqlCredentialStore(database, SECRET);
      expect(await store.load(server)).toBeUndefined();
      await store.save(server, credentials("at-first"));
      await store.save(server, credentials("at-second"));
      expect(await store.load(server)).toEqual(credentials("at-second"));
      expect((await store.list()).filter((entry) => entry.server === server)).toEqual([
        { server, credentials: credentials("at-second") },
      ]);
      const [row] = await database.run("SELECT sealed FROM keel_mcp_credentials WHERE server = $1", [server]);
      expect(String(row?.sealed)).toMatch(/^v1/);
      expect(String(row?.sealed)).not.toContain("at-second");
    });

    it("reads a row sealed under another key, or copied under another name, as absent", async () => {
      expect(await sqlCredentialStore(database, OTHER_SECRET).load(server)).toBeUndefined();
      const [row] = await database.run("SELECT sealed FROM keel_mcp_credentials WHERE server = $1", [server]);
      await database.run("INSERT INTO keel_mcp_credentials (server, sealed) VALUES ($1, $2)", [
        `${server}-copy`,
        row?.sealed,
      ]);
      const store = sqlCredentialStore(database, SECRET);
      expect(await store.load(`${server}-copy`)).toBeUndefined();
      await store.delete(`${server}-copy`);
      await store.delete(server);
      expect(await store.load(server)).toBeUndefined();
      await store.close();
    });
  });
}

describeCredentialStore("PGlite", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "keel-credentials-"));
  folders.push(dataDir);
  return { kind: "pglite", dataDir };
});

const databaseUrl = process.env.DATABASE_URL;
// Registered only when a PostgreSQL is configured (CI sets DATABASE_URL): never a skipped test.
if (databaseUrl) describeCredentialStore("PostgreSQL", () => ({ kind: "postgres", databaseUrl }));

describe("the credentials key", () => {
  it("on PostgreSQL must be given: machines share the database, never a key file", () => {
    const location: CredentialsLocation = {
      kind: "postgres",
      databaseUrl: "postgres://db.example.test/keel",
    };
    expect(() => credentialsSecret(undefined, location)).toThrow(UsageError);
    expect(() => credentialsSecret(undefined, location)).toThrow(/KEEL_MCP_CREDENTIALS_KEY/);
    expect(() => credentialsSecret("short", location)).toThrow(/at least 32 bytes/);
    expect(credentialsSecret(SECRET, location)).toBe(SECRET);
  });
});
