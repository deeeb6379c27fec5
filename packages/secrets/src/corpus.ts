// Fake credentials are assembled at run time so no scanner mistakes this file for a leak.
const join = (...parts: string[]) => parts.join("");

/** The corpus's fake credentials by name, for tests that name the kind they expect. */
export const FAKE_SECRETS = {
  anthropic: join("sk-", "ant-api03-", "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z_AbC-dEfG"),
  openai: join("sk-", "proj-", "4bC9dE2fG7hJ1kL6mN3pQ8rS5tU0vW"),
  aws: join("AKIA", "IOSFODNN7EXAMPLE"),
  github: join("ghp", "_", "16C7e42F292c6912E7710c838347Ae178B4a"),
  githubShort: join("ghp", "_", "16C7e42F292c6912E771"), // 20 characters: a secret in both now
  githubPat: join("github", "_pat_", "11ABCDEFG0123456789_abcdefghijklmnopqrstuv"),
  stripe: join("sk", "_live_", "4eC39HqLyjWDarjtT1zdp7dc"),
  slack: join("xox", "b-", "123456789012-abcdefghij"),
  gitlab: join("glpat-", "x".repeat(20)),
  npm: join("npm_", "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"),
  jwt: join(
    "eyJ",
    "hbGciOiJIUzI1NiJ9",
    ".",
    "eyJ",
    "zdWIiOiIxMjM0NTY3ODkwIn0",
    ".",
    "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9",
  ),
  pem: join("-----BEGIN ", "RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----"),
  bearer: join("Bearer ", "abc.def-ghi_jkl"),
  postgresUrl: join("postgres://app:", "hunter2secret", "@db.example.com/app"),
} as const;

/**
 * One corpus of secrets every test of "is this a secret?" and "is it redacted?" uses: keel check-config,
 * runtime redaction, and every artifact Keel writes (traces, cassettes, spans, logs).
 */
export const SECRET_CORPUS: readonly string[] = Object.values(FAKE_SECRETS);

export const PLAIN_CORPUS: readonly string[] = [
  "123e4567-e89b-42d3-a456-426614174000",
  "ORD-2025-000123",
  "eyJwYWdlIjoyLCJzaXplIjo1MH0",
  join("pk", "_live_", "51HqLyjWDarjtT1zdp7dc"),
  "see sk-learn-tutorial-for-beginners and task-manager",
  "Bearer tokens expire; bearer bonds do not. Nor do Bearer instruments.",
  "https://example.com/path?q=1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a placeholder in a URL is the point of this entry.
  "postgres://app:${DB_PASSWORD}@db.example.com/app",
  "--verbose",
];
