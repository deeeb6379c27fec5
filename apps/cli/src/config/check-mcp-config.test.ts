import { isSecretKey as isSecretName } from "@keel/secrets";
import { describe, expect, it } from "vitest";
import { checkMcpConfig } from "./check-mcp-config.js";
import { expandVariables } from "./expand-variables.js";
import { maskSecret } from "./mask-secret.js";

const server = (fields: Record<string, unknown>) => ({
  mcpServers: { demo: { command: "node", ...fields } },
});

describe("expandVariables", () => {
  it("expands ${VAR} from the environment and ${VAR:-default} when unset or empty", () => {
    const environment = { HOST: "example.com", EMPTY: "" };
    expect(expandVariables("https://${HOST}/${PATH_PART:-mcp}", environment).value).toBe(
      "https://example.com/mcp",
    );
    expect(expandVariables("${EMPTY:-fallback}", environment).value).toBe("fallback");
    expect(expandVariables("${HOST:-fallback}", environment).value).toBe("example.com");
  });

  it("reports an unset variable without a default as unset", () => {
    expect(expandVariables("${TOKEN}", {}).references).toEqual([
      { name: "TOKEN", fallback: undefined, source: "unset" },
    ]);
  });

  it("reports a malformed reference", () => {
    expect(expandVariables("${1BAD} and ${", {}).malformed).toEqual(["${1BAD}", "${"]);
  });
});

describe("checkMcpConfig", () => {
  it("passes a config whose every secret is a ${VAR} that is set", () => {
    const report = checkMcpConfig(
      server({ env: { API_KEY: "${API_KEY}" }, headers: { Authorization: "Bearer ${TOKEN}" } }),
      {
        API_KEY: "x",
        TOKEN: "y",
      },
    );
    expect(report.ok).toBe(true);
    expect(report.servers[0]?.variables).toEqual([
      { name: "API_KEY", source: "env" },
      { name: "TOKEN", source: "env" },
    ]);
  });

  it("fails closed on an unset variable without a default, naming server and field", () => {
    const report = checkMcpConfig(server({ args: ["--token", "${MCP_TOKEN}"] }), {});
    expect(report.ok).toBe(false);
    expect(report.servers[0]?.findings).toEqual([
      expect.objectContaining({
        server: "demo",
        field: "args[1]",
        message: expect.stringContaining("${MCP_TOKEN} is not set and has no default"),
      }),
    ]);
  });

  it("accepts an unset variable that has a ${VAR:-default}", () => {
    expect(checkMcpConfig(server({ url: "${MCP_URL:-http://127.0.0.1:8787/mcp}" }), {}).ok).toBe(true);
  });

  const SECRETS: [string, string][] = [
    ["Anthropic API key", "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"],
    ["OpenAI project key", "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123"],
    ["OpenAI API key", "sk-AbCdEfGhIjKlMnOpQrStUvWx0123456789"],
    ["AWS access key id", "AKIAIOSFODNN7EXAMPLE"],
    ["AWS access key id", "ASIAIOSFODNN7EXAMPLE"],
    ["GitHub personal access token", "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"],
    ["GitHub OAuth token", "gho_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"],
    ["GitHub fine-grained token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"],
    ["Stripe API key", "sk_live_AbCdEfGhIjKlMnOpQrSt0123"],
    ["Stripe API key", "rk_live_AbCdEfGhIjKlMnOpQrSt0123"],
    ["GitLab personal access token", "glpat-AbCdEfGhIjKlMnOpQrSt"],
    ["GitLab deploy token", "gldt-AbCdEfGhIjKlMnOpQrSt12"],
    ["GitLab runner registration token", "GR1348941AbCdEfGhIjKlMnOpQrSt"],
    ["npm access token", "npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"],
    ["Hugging Face access token", "hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh"],
    ["Google API key", "AIzaSyAbCdEfGhIjKlMnOpQrStUvWxYz0123456"],
  ];
  for (const [label, secret] of SECRETS) {
    it(`finds a hard-coded ${label} (${secret.slice(0, 8)}…) in an ordinary field and masks it`, () => {
      const report = checkMcpConfig(
        server({ args: ["serve", `--upstream-credentials-file=/dev/null`, secret] }),
        {},
      );
      const findings = report.servers[0]?.findings ?? [];
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({ server: "demo", field: "args[2]" });
      expect(findings[0]?.message).toContain(`${label} hard-coded`);
      expect(JSON.stringify(report)).not.toContain(secret);
      expect(findings[0]?.message).toContain(maskSecret(secret));
    });
  }

  it("finds a literal bearer token in a header and a password in a URL", () => {
    const report = checkMcpConfig(
      {
        mcpServers: {
          remote: {
            url: "postgres://app:s3cretpass@db.internal/app",
            headers: { Authorization: "Bearer abcdefghijklmnop0123" },
          },
        },
      },
      {},
    );
    const findings = report.servers[0]?.findings ?? [];
    expect(findings.map((finding) => [finding.field, finding.message.split(":")[0]])).toEqual([
      ["url", "password written into a URL"],
      ["headers.Authorization", "bearer token hard-coded"],
    ]);
    expect(JSON.stringify(report)).not.toContain("s3cretpass");
    expect(JSON.stringify(report)).not.toContain("abcdefghijklmnop0123");
  });

  it("accepts a password in a URL that is a ${VAR}", () => {
    expect(
      checkMcpConfig(server({ url: "postgres://app:${DB_PASSWORD}@db/app" }), { DB_PASSWORD: "x" }).ok,
    ).toBe(true);
  });

  it("finds a literal value in a secret-named env field, a --token argument and a --password= argument", () => {
    const report = checkMcpConfig(
      server({
        env: { SERVICE_API_KEY: "abc123xyz", LOG_LEVEL: "debug" },
        args: ["--token", "plain-text-token", "--password=hunter2"],
      }),
      {},
    );
    const findings = report.servers[0]?.findings ?? [];
    expect(findings.map((finding) => finding.field)).toEqual(["env.SERVICE_API_KEY", "args[1]", "args[2]"]);
    expect(
      findings.every((finding) => finding.message.startsWith("literal value in a secret-named field")),
    ).toBe(true);
    expect(findings.find((finding) => finding.field === "env.SERVICE_API_KEY")?.message).toContain(
      'write "${SERVICE_API_KEY}"',
    );
    expect(JSON.stringify(report)).not.toMatch(/abc123xyz|plain-text-token|hunter2/);
  });

  it("finds known default secrets, also as the default of a reference", () => {
    const report = checkMcpConfig(
      server({ env: { ADMIN_PASSWORD: "changeme", DB_SECRET: "${DB_SECRET:-admin}" } }),
      {},
    );
    const messages = (report.servers[0]?.findings ?? []).map(
      (finding) => `${finding.field}: ${finding.message}`,
    );
    expect(messages[0]).toMatch(
      /^env.ADMIN_PASSWORD: known default secret in a secret-named field: ch…\(8 chars\)/,
    );
    expect(messages[1]).toMatch(
      /^env.DB_SECRET: known default secret as the \$\{…:-default\} of a secret-named field/,
    );
  });

  it("finds a secret written as the default of a reference", () => {
    const secret = "sk-ant-api03-DefaultDefaultDefault0123456789";
    const report = checkMcpConfig(server({ env: { UPSTREAM: `\${UPSTREAM:-${secret}}` } }), {});
    expect(report.servers[0]?.findings[0]?.message).toContain(
      "Anthropic API key hard-coded as a ${…:-default}",
    );
    expect(JSON.stringify(report)).not.toContain(secret);
  });

  it("rejects a file without mcpServers and a server without command or url", () => {
    expect(checkMcpConfig({ servers: {} }, {}).ok).toBe(false);
    expect(checkMcpConfig({ mcpServers: { empty: {} } }, {}).servers[0]?.findings[0]?.message).toContain(
      "neither a command",
    );
  });
});

describe("isSecretName", () => {
  it("reads field names word by word", () => {
    for (const name of [
      "API_KEY",
      "x-api-key",
      "authToken",
      "Authorization",
      "--client-secret",
      "DB_PASSWORD",
      "apiKey",
    ]) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of [
      "MONKEY",
      "KEYBOARD_LAYOUT",
      "LOG_LEVEL",
      "url",
      "--data-dir",
      "--credentials-file",
      "TOKEN_URL",
    ]) {
      expect(isSecretName(name), name).toBe(false);
    }
  });
});

describe("checkMcpConfig: flags are not values", () => {
  it("does not take a flag after --api-key=… (or after any flag) for the key's value", () => {
    const report = checkMcpConfig(
      server({ args: ["--api-key=${GITLAB_KEY}", "--gitlab", "--token", "--verbose"] }),
      {
        GITLAB_KEY: "set",
      },
    );
    expect(report.servers[0]?.findings ?? []).toEqual([]);
  });

  it("still finds a literal after a bare secret-named flag", () => {
    const report = checkMcpConfig(server({ args: ["--api-key", "literal-key-123"] }), {});
    expect((report.servers[0]?.findings ?? []).map((finding) => finding.field)).toEqual(["args[1]"]);
  });
});

describe("maskSecret", () => {
  it("counts one character in the singular", () => {
    expect(maskSecret("x")).toBe("…(1 char)");
  });

  it("never shows more than four characters, and none of a short secret", () => {
    expect(maskSecret("sk-ant-api03-0123456789abcdef")).toBe("sk-a…(29 chars)");
    expect(maskSecret("changeme")).toBe("ch…(8 chars)");
    expect(maskSecret("test")).toBe("…(4 chars)");
  });
});

describe("checkMcpConfig: the tokens and argument forms of issue 19", () => {
  // Built from parts, so that no token-shaped literal sits in the repository.
  const body = (length: number) =>
    "Ab3dEf6hIj9lMn2pQr5tUv8xYz1Bc4De7Fg0Hi3Jk6Lm9No2Pq5Rs8Tu1Vw4Xy7Za0".slice(0, length);
  const hex = (length: number) => "0f1e2d3c4b5a69788796a5b4c3d2e1f0".repeat(4).slice(0, length);
  const TOKENS: [string, string][] = [
    ["GitLab runner authentication token", `glrt-${body(20)}`],
    ["GitLab CI/CD job token", `glcbt-64_${body(20)}`],
    ["GitLab OAuth application secret", `gloas-${body(64)}`],
    ["GitLab feed token", `glft-${body(20)}`],
    ["GitLab SCIM token", `glsoat-${body(20)}`],
    ["GitLab incoming mail token", `glimt-${body(25)}`],
    ["Hugging Face access token", `hf_${body(34)}`],
    ["Hugging Face organisation API token", `api_org_${body(34)}`],
    ["PyPI upload token", `pypi-AgEIcHlwaS5vcmc${body(60)}`],
    ["Docker Hub access token", `dckr_pat_${body(27)}`],
    ["JSON Web Token", `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEiLCJpYXQiOjE1MTZ9.${body(43)}`],
    ["Slack webhook URL", `https://hooks.slack.com/services/T${body(8)}/B${body(8)}/${body(24)}`],
    ["Slack bot token", `xoxb-1234567890-1234567890123-${body(24)}`],
    ["Stripe API key", `sk_test_${body(24)}`],
    ["Stripe API key", `rk_live_${body(24)}`],
    ["npm access token", `npm_${body(36)}`],
    ["PlanetScale password", `pscale_pw_${body(43)}`],
    ["DigitalOcean personal access token", `dop_v1_${hex(64)}`],
  ];
  for (const [label, secret] of TOKENS) {
    it(`finds a ${label} in env, in an argument and in a NAME=value argument, masked`, () => {
      for (const fields of [
        { env: { UPSTREAM: secret } },
        { args: ["serve", secret] },
        { args: ["run", "-e", `UPSTREAM_CONFIG=${secret}`] },
      ]) {
        const report = checkMcpConfig(server(fields), {});
        const findings = report.servers[0]?.findings ?? [];
        expect(findings, JSON.stringify(Object.keys(fields))).toHaveLength(1);
        expect(findings[0]?.message).toContain(`${label} hard-coded: ${maskSecret(secret)}`);
        expect(JSON.stringify(report)).not.toContain(secret);
        expect(JSON.stringify(report)).not.toContain(secret.slice(8));
      }
    });
  }

  it("finds a literal in NAME=value arguments whose name says secret, as docker run -e and --env take them", () => {
    const report = checkMcpConfig(
      {
        mcpServers: {
          gitlab: {
            command: "docker",
            args: [
              "run",
              "-i",
              "--rm",
              "-e",
              "GITLAB_TOKEN=plain-gitlab-value",
              "--env",
              "NPM_TOKEN=plain-npm-value",
              "--env=HF_TOKEN=plain-hf-value",
              "-e",
              "DB_PASSWORD=changeme",
              "-Dspring.datasource.password=plain-java-value",
              "-H",
              "X-Api-Key: plain-header-value",
              "ghcr.io/example/gitlab-mcp",
            ],
          },
        },
      },
      {},
    );
    const findings = report.servers[0]?.findings ?? [];
    expect(findings.map((finding) => [finding.field, finding.message.split(":")[0]])).toEqual([
      ["args[4]", "literal value in a secret-named field"],
      ["args[6]", "literal value in a secret-named field"],
      ["args[7]", "literal value in a secret-named field"],
      ["args[9]", "known default secret in a secret-named field"],
      ["args[10]", "literal value in a secret-named field"],
      ["args[12]", "literal value in a secret-named field"],
    ]);
    expect(findings[0]?.message).toContain(
      'plai…(18 chars). Never commit a secret: write "GITLAB_TOKEN=${GITLAB_TOKEN}" and set GITLAB_TOKEN',
    );
    expect(findings[2]?.message).toContain('write "HF_TOKEN=${HF_TOKEN}"');
    expect(findings[4]?.message).toContain("use a ${VAR} reference");
    expect(JSON.stringify(report)).not.toMatch(/plain-|changeme/);
  });

  it("accepts NAME=${VAR}, a passed-through NAME, ${VAR} headers and names that are not secret", () => {
    const report = checkMcpConfig(
      server({
        args: [
          "-e",
          "GITLAB_TOKEN=${GITLAB_TOKEN}",
          "-e",
          "GITHUB_PERSONAL_ACCESS_TOKEN",
          "--env",
          "NPM_TOKEN=${NPM_TOKEN:-}",
          "LOG_LEVEL=debug",
          "--gitlab-url=https://gitlab.example.com",
          "-H",
          "Authorization: Bearer ${GITLAB_TOKEN}",
          "TOKEN_URL=https://auth.example.com/token",
          "https://mcp.example.com/mcp?mode=read",
        ],
      }),
      { GITLAB_TOKEN: "set", NPM_TOKEN: "set" },
    );
    expect(report.servers[0]?.findings ?? []).toEqual([]);
  });

  it("finds a password written into a URL in a NAME=value argument, with advice for that variable", () => {
    const report = checkMcpConfig(
      server({ args: ["-e", "DATABASE_URL=postgres://app:s3cretpass@db/app"] }),
      {},
    );
    const findings = report.servers[0]?.findings ?? [];
    expect(findings).toHaveLength(1);
    expect(findings[0]?.message).toMatch(
      /^password written into a URL: s3…\(10 chars\)\. .*"DATABASE_URL=\$\{DATABASE_URL\}"/,
    );
    expect(JSON.stringify(report)).not.toContain("s3cretpass");
  });

  it("never takes a token with = padding for a variable name (the advice would print it)", () => {
    for (const token of [`ghp_${body(36)}`, `ops_eyJ${body(60).repeat(5)}`]) {
      const report = checkMcpConfig(server({ args: [`${token}==`, `${token}=x`] }), {});
      const findings = report.servers[0]?.findings ?? [];
      expect(findings.map((finding) => finding.field)).toEqual(["args[0]", "args[1]"]);
      expect(findings.every((finding) => finding.message.endsWith("use a ${VAR} reference"))).toBe(true);
      expect(JSON.stringify(report)).not.toContain(token.slice(4, 20));
    }
  });

  it("reports the whole token when it runs past a fixed-length rule, and never more", () => {
    const long = `gldt-${body(26)}`;
    const report = checkMcpConfig(server({ args: [`--deploy=${long},other`] }), {});
    expect(report.servers[0]?.findings[0]?.message).toContain(
      `GitLab deploy token hard-coded: ${maskSecret(long)}`,
    );
    expect(maskSecret(long)).toBe("gldt…(31 chars)");
  });

  it("skips gitleaks' match of a low-entropy placeholder but still reports it by Keel's looser shape", () => {
    const report = checkMcpConfig(server({ args: [`glpat-${"x".repeat(20)}`] }), {});
    expect(report.servers[0]?.findings[0]?.message).toContain("GitLab personal access token hard-coded");
  });

  it("reports nothing for a low-entropy placeholder in a shape only a gitleaks rule has", () => {
    // digitalocean-pat (entropy 3) skips 64 zeros, as gitleaks does; Keel has no looser DigitalOcean shape.
    const report = checkMcpConfig(server({ args: [`dop_v1_${"0".repeat(64)}`] }), {});
    expect(report.servers[0]?.findings).toEqual([]);
    // The same rule reports a token with the entropy of a real one.
    const real = `dop_v1_${"0123456789abcdef".repeat(4)}`;
    expect(checkMcpConfig(server({ args: [real] }), {}).servers[0]?.findings[0]?.message).toContain(
      "hard-coded",
    );
  });
});
