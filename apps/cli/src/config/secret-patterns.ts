/**
 * check-config's own policy for secret-named fields. What a secret is (names and shapes) is decided by
 * @keel/secrets, the one owner shared with runtime redaction.
 */

/** Passwords people leave in place: a literal equal to one of these is a known default secret. */
export const DEFAULT_SECRETS: ReadonlySet<string> = new Set([
  "changeme",
  "change-me",
  "change_me",
  "changeit",
  "password",
  "password1",
  "password123",
  "passw0rd",
  "secret",
  "secret123",
  "admin",
  "admin123",
  "administrator",
  "root",
  "toor",
  "test",
  "test123",
  "testing",
  "default",
  "letmein",
  "welcome",
  "qwerty",
  "123456",
  "12345678",
  "guest",
  "demo",
  "dummy",
  "example",
  "token",
  "apikey",
  "api-key",
  "postgres",
  "mysql",
]);
