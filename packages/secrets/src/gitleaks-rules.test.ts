import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findSecret } from "./index.js";
import {
  GITLEAKS_RULES,
  GITLEAKS_SOURCE,
  gitleaksShape,
  re2ToRegExp,
  SECRET_SHAPES,
  type SecretShape,
  shannonEntropy,
} from "./internal.js";

/** The first secret a shape finds in a text, or null. */
function first(shape: SecretShape, text: string): string | null {
  for (const { secret } of shape.find(text)) return secret;
  return null;
}

// Every sample is built here from random characters, so that no token-shaped literal sits in the repository.
const DIGITS = "0123456789";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();
const HEX = "0123456789abcdef";
const ALNUM = `${UPPER}${LOWER}${DIGITS}`;
const LOWER_ALNUM = `${LOWER}${DIGITS}`;
const UPPER_ALNUM = `${UPPER}${DIGITS}`;
const WORD = `${ALNUM}_`;
const WORD_DASH = `${ALNUM}_-`;
const BASE64 = `${ALNUM}+/`;

let seed = 19;
/** `length` pseudo-random characters of `alphabet`, the same on every run. */
function random(length: number, alphabet = ALNUM): string {
  let text = "";
  for (let index = 0; index < length; index++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    text += alphabet[Math.floor((seed / 2 ** 31) * alphabet.length)];
  }
  return text;
}
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwtHeader = base64url({ alg: "HS256", typ: "JWT" });
const jwtPayload = base64url({ sub: "1234567890", name: "Ada", iat: 1516239022 });
const privateKeyBody = Array.from({ length: 4 }, () => random(64, BASE64)).join("\n");

/** For each rule: a token it must find (the whole sample is the secret), and a near miss it must not. */
const SAMPLES: Record<string, readonly [sample: string, nearMiss: string]> = {
  "anthropic-api-key": [`sk-ant-api03-${random(93, WORD_DASH)}AA`, `sk-ant-api03-${random(92, WORD_DASH)}AA`],
  "anthropic-admin-api-key": [
    `sk-ant-admin01-${random(93, WORD_DASH)}AA`,
    `sk-ant-admin01-${random(93, WORD_DASH)}AB`,
  ],
  "openai-api-key": [
    `sk-proj-${random(74, WORD_DASH)}T3BlbkFJ${random(74)}`,
    `sk-proj-${random(74, WORD_DASH)}T3BlbkFK${random(74)}`,
  ],
  "perplexity-api-key": [`pplx-${random(48)}`, `pplx-${random(47)}`],
  "huggingface-access-token": [`hf_${random(30, LOWER)}${random(4, DIGITS)}`, `hf_${random(33)}`],
  "huggingface-organization-api-token": [`api_org_${random(30)}0123`, `api_org_${random(35)}`],
  "github-pat": [`ghp_${random(36)}`, `ghp_${random(35)}`],
  "github-fine-grained-pat": [`github_pat_${random(82, WORD)}`, `github_pat_${random(81, WORD)}`],
  "github-oauth": [`gho_${random(36)}`, `gho_${random(35)}`],
  "github-app-token": [`ghs_${random(36)}`, `ghx_${random(36)}`],
  "github-refresh-token": [`ghr_${random(36)}`, `ghr_${random(35)}`],
  "gitlab-pat-routable": [
    `glpat-${random(30, WORD_DASH)}.${random(9, LOWER_ALNUM)}`,
    `glpat-${random(30, WORD_DASH)}.${random(8, LOWER_ALNUM)}`,
  ],
  "gitlab-pat": [`glpat-${random(20, WORD_DASH)}`, `glpat-${random(19, WORD_DASH)}`],
  "gitlab-ptt": [`glptt-${random(40, HEX)}`, `glptt-${random(40, "ghijklmnop")}`],
  "gitlab-rrt": [`GR1348941${random(20, WORD_DASH)}`, `GR1348942${random(20, WORD_DASH)}`],
  "gitlab-runner-authentication-token-routable": [
    `glrt-t1_${random(30, WORD_DASH)}.${random(9, LOWER_ALNUM)}`,
    `glrt-tx_${random(30, WORD_DASH)}.${random(9, LOWER_ALNUM)}`,
  ],
  "gitlab-runner-authentication-token": [`glrt-${random(20, WORD_DASH)}`, `glrt-${random(19, WORD_DASH)}`],
  "gitlab-cicd-job-token": [
    `glcbt-${random(3)}_${random(20, WORD_DASH)}`,
    `glcbt-${random(6)}_${random(20, WORD_DASH)}`,
  ],
  "gitlab-deploy-token": [`gldt-${random(20, WORD_DASH)}`, `gldt-${random(19, WORD_DASH)}`],
  "gitlab-feature-flag-client-token": [`glffct-${random(20, WORD_DASH)}`, `glffct-${random(19, WORD_DASH)}`],
  "gitlab-feed-token": [`glft-${random(20, WORD_DASH)}`, `glft-${random(19, WORD_DASH)}`],
  "gitlab-incoming-mail-token": [`glimt-${random(25, WORD_DASH)}`, `glimt-${random(24, WORD_DASH)}`],
  "gitlab-kubernetes-agent-token": [`glagent-${random(50, WORD_DASH)}`, `glagent-${random(49, WORD_DASH)}`],
  "gitlab-oauth-app-secret": [`gloas-${random(64, WORD_DASH)}`, `gloas-${random(63, WORD_DASH)}`],
  "gitlab-scim-token": [`glsoat-${random(20, WORD_DASH)}`, `glsoat-${random(19, WORD_DASH)}`],
  "gitlab-session-cookie": [
    `_gitlab_session=${random(32, LOWER_ALNUM)}`,
    `_gitlab_session=${random(31, LOWER_ALNUM)}`,
  ],
  "npm-access-token": [`npm_${random(36)}`, `npm_${random(37)}`],
  "pypi-upload-token": [`pypi-AgEIcHlwaS5vcmc${random(60, WORD_DASH)}`, `pypi-AgEIcHlwaS5vcmc${random(49)}`],
  "rubygems-api-token": [`rubygems_${random(48, HEX)}`, `rubygems_${random(47, HEX)}`],
  "clojars-api-token": [`CLOJARS_${random(60, LOWER_ALNUM)}`, `CLOJARS_${random(59, LOWER_ALNUM)}`],
  "artifactory-api-key": [`AKCp${random(69)}`, `AKCp${random(68)}`],
  "artifactory-reference-token": [`cmVmd${random(59)}`, `cmVmd${random(58)}`],
  "aws-access-token": [`AKIA${random(16, `${UPPER}234567`)}`, `AKIA${random(15, `${UPPER}234567`)}8`],
  "aws-amazon-bedrock-api-key-long-lived": [`ABSK${random(120, BASE64)}`, `ABSK${random(100, BASE64)}`],
  "gcp-api-key": [`AIza${random(35, WORD_DASH)}`, `AIza${random(34, WORD_DASH)}`],
  "azure-ad-client-secret": [`abc1Q~${random(32, `${WORD}~.-`)}`, `abc1Q-${random(32, `${WORD}~.-`)}`],
  "alibaba-access-key-id": [`LTAI${random(20)}`, `LTAI${random(19)}`],
  "digitalocean-pat": [`dop_v1_${random(64, HEX)}`, `dop_v1_${random(63, HEX)}`],
  "digitalocean-access-token": [`doo_v1_${random(64, HEX)}`, `doo_v1_${random(63, HEX)}`],
  "digitalocean-refresh-token": [`dor_v1_${random(64, HEX)}`, `dor_v1_${random(63, HEX)}`],
  "cloudflare-origin-ca-key": [
    `v1.0-${random(24, HEX)}-${random(146, HEX)}`,
    `v1.0-${random(24, HEX)}-${random(145, HEX)}`,
  ],
  "heroku-api-key-v2": [`HRKU-AA${random(58, WORD_DASH)}`, `HRKU-AA${random(57, WORD_DASH)}`],
  "flyio-access-token": [`fo1_${random(43, WORD_DASH)}`, `fo1_${random(42, WORD_DASH)}`],
  "databricks-api-token": [`dapi${random(32, HEX)}`, `dapi${random(31, HEX)}`],
  "doppler-api-token": [`dp.pt.${random(43)}`, `dp.pt.${random(42)}`],
  "hashicorp-tf-api-token": [
    `${random(14, LOWER_ALNUM)}.atlasv1.${random(65, `${WORD}=-`)}`,
    `${random(14, LOWER_ALNUM)}.atlasv2.${random(65, `${WORD}=-`)}`,
  ],
  "vault-service-token": [`hvs.${random(100, WORD_DASH)}`, `hvs.${random(89, WORD_DASH)}`],
  "vault-batch-token": [`hvb.${random(150, WORD_DASH)}`, `hvb.${random(137, WORD_DASH)}`],
  "planetscale-api-token": [`pscale_tkn_${random(43, `${WORD}=.-`)}`, `pscale_tkn_${random(31)}`],
  "planetscale-oauth-token": [`pscale_oauth_${random(43, `${WORD}=.-`)}`, `pscale_oauth_${random(31)}`],
  "planetscale-password": [`pscale_pw_${random(43, `${WORD}=.-`)}`, `pscale_pw_${random(31)}`],
  "pulumi-api-token": [`pul-${random(40, HEX)}`, `pul-${random(39, HEX)}`],
  "prefect-api-token": [`pnu_${random(36)}`, `pnu_${random(35)}`],
  "1password-service-account-token": [`ops_eyJ${random(260, BASE64)}`, `ops_eyJ${random(249, BASE64)}`],
  "age-secret-key": [
    `AGE-SECRET-KEY-1${random(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")}`,
    `AGE-SECRET-KEY-1${random(57, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")}`,
  ],
  "grafana-api-key": [`eyJrIjoi${random(80)}`, `eyJrIjoi${random(69)}`],
  "grafana-cloud-api-token": [`glc_${random(40, BASE64)}`, `glc_${random(31, BASE64)}`],
  "grafana-service-account-token": [
    `glsa_${random(32)}_${random(8, HEX)}`,
    `glsa_${random(32)}_${random(7, HEX)}`,
  ],
  "sentry-user-token": [`sntryu_${random(64, HEX)}`, `sntryu_${random(63, HEX)}`],
  "sentry-org-token": [
    `sntrys_eyJpYXQiO${random(20, BASE64)}LCJyZWdpb25fdXJs${random(20, BASE64)}_${random(43, BASE64)}`,
    `sntrys_eyJpYXQiO${random(20, BASE64)}LCJyZWdpb25fdXJx${random(20, BASE64)}_${random(43, BASE64)}`,
  ],
  "slack-bot-token": [
    `xoxb-${random(11, DIGITS)}-${random(12, DIGITS)}${random(24)}`,
    `xoxb-${random(9, DIGITS)}-${random(12, DIGITS)}${random(24)}`,
  ],
  "slack-user-token": [
    `xoxp-${random(10, DIGITS)}-${random(11, DIGITS)}-${random(12, DIGITS)}-${random(32, `${ALNUM}-`)}`,
    `xoxp-${random(10, DIGITS)}-${random(11, DIGITS)}-${random(32, `${ALNUM}-`)}`,
  ],
  "slack-app-token": [
    `xapp-1-A${random(10, UPPER_ALNUM)}-${random(13, DIGITS)}-${random(64, LOWER_ALNUM)}`,
    `xapp-x-A${random(10, UPPER_ALNUM)}-${random(13, DIGITS)}-${random(64, LOWER_ALNUM)}`,
  ],
  "slack-config-access-token": [
    `xoxe.xoxp-1-${random(164, UPPER_ALNUM)}`,
    `xoxe.xoxp-1-${random(150, UPPER_ALNUM)}`,
  ],
  "slack-config-refresh-token": [`xoxe-1-${random(146, UPPER_ALNUM)}`, `xoxe-1-${random(145, UPPER_ALNUM)}`],
  "slack-legacy-bot-token": [
    `xoxb-${random(10, DIGITS)}-X${random(23)}`,
    `xoxb-${random(10, DIGITS)}-X${random(16)}`,
  ],
  "slack-legacy-workspace-token": [`xoxa-2-${random(30)}`, `xoxa-${random(7)}`],
  "slack-legacy-token": [
    `xoxs-${random(9, DIGITS)}-${random(9, DIGITS)}-${random(9, DIGITS)}-${random(64, HEX)}`,
    `xoxs-${random(9, DIGITS)}-${random(9, DIGITS)}-${random(64, HEX)}`,
  ],
  "slack-webhook-url": [
    `https://hooks.slack.com/services/T${random(8, UPPER_ALNUM)}/B${random(8, UPPER_ALNUM)}/${random(24)}`,
    `https://hooks.slack.com/services/T${random(8, UPPER_ALNUM)}/B${random(8, UPPER_ALNUM)}`,
  ],
  "stripe-access-token": [`rk_test_${random(24)}`, `sk_demo_${random(24)}`],
  "sendgrid-api-token": [
    `SG.${random(22, WORD_DASH)}.${random(43, WORD_DASH)}`,
    `SG.${random(22)}.${random(42)}`,
  ],
  "atlassian-api-token": [`ATATT3${random(186, `${WORD}=-`)}`, `ATATT3${random(185, `${WORD}=-`)}`],
  "linear-api-key": [`lin_api_${random(40)}`, `lin_api_${random(39)}`],
  "notion-api-token": [`ntn_${random(11, DIGITS)}${random(35)}`, `ntn_${random(11, LOWER)}${random(35)}`],
  "postman-api-token": [
    `PMAK-${random(24, HEX)}-${random(34, HEX)}`,
    `PMAK-${random(24, HEX)}-${random(33, HEX)}`,
  ],
  "shopify-access-token": [`shpat_${random(32, HEX)}`, `shpat_${random(31, HEX)}`],
  "shopify-custom-access-token": [`shpca_${random(32, HEX)}`, `shpca_${random(31, HEX)}`],
  "shopify-private-app-access-token": [`shppa_${random(32, HEX)}`, `shppa_${random(31, HEX)}`],
  "shopify-shared-secret": [`shpss_${random(32, HEX)}`, `shpss_${random(31, HEX)}`],
  jwt: [`${jwtHeader}.${jwtPayload}.${random(43, WORD_DASH)}`, `${jwtHeader}.${random(40)}.${random(43)}`],
  "private-key": [
    `-----BEGIN RSA PRIVATE KEY-----\n${privateKeyBody}\n-----END RSA PRIVATE KEY-----`,
    `-----BEGIN PUBLIC KEY-----\n${privateKeyBody}\n-----END PUBLIC KEY-----`,
  ],
};

describe("gitleaks rules", () => {
  it("has a sample for every rule, and no sample without a rule", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(GITLEAKS_RULES.map((rule) => rule.id).sort());
    expect(new Set(GITLEAKS_RULES.map((rule) => rule.id)).size).toBe(GITLEAKS_RULES.length);
  });

  for (const rule of GITLEAKS_RULES) {
    it(`${rule.id}: compiles, finds a sample and not a near miss`, () => {
      const [sample, nearMiss] = SAMPLES[rule.id] ?? ["", ""];
      const shape = gitleaksShape(rule);
      expect(first(shape, sample)).toBe(sample);
      expect(first(shape, `--token=${sample} --verbose`)).toBe(sample);
      expect(first(shape, nearMiss)).toBeNull();
      expect(rule.keywords.some((keyword) => sample.toLowerCase().includes(keyword))).toBe(true);
    });
  }

  it("converts a rule by hand only where it must: inline RE2 modifiers, or a documented departure", () => {
    for (const rule of GITLEAKS_RULES) {
      if (rule.js === undefined) expect(() => re2ToRegExp(rule.regex), rule.id).not.toThrow();
      else if (rule.adapted === undefined)
        expect(() => re2ToRegExp(rule.regex), rule.id).toThrow(/RE2 syntax/);
    }
  });

  it("finds each sample under its own rule's label, before any looser shape", () => {
    for (const rule of GITLEAKS_RULES) {
      const [sample] = SAMPLES[rule.id] ?? [""];
      const found = findSecret(`serve ${sample}`);
      expect(found?.label, rule.id).toBe(rule.label);
      expect(found?.secret, rule.id).toBe(sample);
    }
  });

  it("orders every gitleaks rule before Keel's own looser shapes", () => {
    const firstKeel = SECRET_SHAPES.findIndex((shape) => shape.rule === undefined);
    expect(firstKeel).toBe(GITLEAKS_RULES.length);
    expect(SECRET_SHAPES.slice(firstKeel).every((shape) => shape.rule === undefined)).toBe(true);
  });
});

describe("re2ToRegExp", () => {
  it("turns a leading (?i) into the i flag, (?P<name> into (?<name> and \\z into $", () => {
    const expression = re2ToRegExp(String.raw`(?i)key-(?P<body>[a-z]{4})\z`);
    expect(expression.flags).toBe("i");
    expect(expression.exec("KEY-AbCd")?.groups?.body).toBe("AbCd");
    expect(expression.test("KEY-AbCd!")).toBe(false);
  });

  it("refuses RE2 syntax JavaScript would misread", () => {
    for (const re2 of ["a(?i)b", "(?i:ab)", "(?i)a(?-i:B)", "(?s)a.b", String.raw`\Aab`, "[[:alpha:]]"]) {
      expect(() => re2ToRegExp(re2), re2).toThrow(/RE2 syntax with no JavaScript equivalent/);
    }
    expect(() => re2ToRegExp(String.raw`\(?a(?:b)(?=c)(?!d)(?<=e)(?<!f)(?<g>h)`)).not.toThrow();
  });
});

describe("gitleaks rule checks", () => {
  const rule = GITLEAKS_RULES.find((candidate) => candidate.id === "gitlab-pat");
  if (rule === undefined) throw new Error("gitlab-pat is missing");
  const shape = gitleaksShape(rule);

  it("computes Shannon entropy in bits per character", () => {
    expect(shannonEntropy("aaaa")).toBe(0);
    expect(shannonEntropy("abab")).toBe(1);
    expect(shannonEntropy("abcdefgh")).toBe(3);
  });

  it("skips a match at or below the rule's entropy (a placeholder) and finds a later one", () => {
    const placeholder = `glpat-${"x".repeat(20)}`;
    const token = `glpat-${random(20, WORD_DASH)}`;
    expect(first(shape, placeholder)).toBeNull();
    expect(first(shape, `${placeholder} ${token}`)).toBe(token);
  });

  it("searches only a text holding a keyword, in any case", () => {
    const token = `GLPAT-${random(20, WORD_DASH)}`;
    expect(first(shape, token)).toBeNull(); // the regex itself is case-sensitive
    const caseless = GITLEAKS_RULES.find((candidate) => candidate.id === "npm-access-token");
    if (caseless === undefined) throw new Error("npm-access-token is missing");
    const npm = `NPM_${random(36)}`;
    expect(first(gitleaksShape(caseless), npm)).toBe(npm);
    expect(first(gitleaksShape({ ...caseless, keywords: ["npm-"] }), npm)).toBeNull();
  });

  it("scans long and pathological strings in linear time", () => {
    const inputs = [
      "a".repeat(200_000),
      "ey".repeat(100_000),
      `eyJ${"a".repeat(100_000)}.eyJ${"b".repeat(100_000)}`,
      "xoxb-1234567890-".repeat(10_000),
      "-----BEGIN PRIVATE KEY-----".repeat(2_000),
      `https://hooks.slack.com/services/${"A/".repeat(50_000)}`,
      "sntrys_eyJpYXQiO".repeat(10_000),
    ];
    const started = performance.now();
    for (const text of inputs) for (const candidate of SECRET_SHAPES) first(candidate, text);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe("gitleaks attribution", () => {
  const notice = "Copyright (c) 2019 Zachary Rice";
  const permission = "The above copyright notice and this permission notice shall be included in all";
  const root = new URL("../", import.meta.url);

  it("carries gitleaks' MIT notice and source in the data file, which the package ships", () => {
    const data = readFileSync(new URL("src/gitleaks-rules.json", root), "utf8");
    expect(data).toContain(notice);
    expect(data).toContain(permission);
    expect(data).toContain(`config/gitleaks.toml at tag ${GITLEAKS_SOURCE.version}`);
    const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
    expect(manifest.files).toEqual(expect.arrayContaining(["dist", "src"]));
  });

  it("carries the notice and every rule id in the README, which the tarball ships", () => {
    const readme = readFileSync(new URL("README.md", root), "utf8");
    expect(readme).toContain(notice);
    expect(readme).toContain(permission);
    expect(readme).toContain(GITLEAKS_SOURCE.url);
    expect(readme).toContain(`${GITLEAKS_RULES.length} rules of [gitleaks]`);
    for (const rule of GITLEAKS_RULES) expect(readme, rule.id).toContain(`\`${rule.id}\``);
  });
});
