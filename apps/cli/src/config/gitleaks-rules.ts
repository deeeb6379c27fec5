/**
 * Secret-detection rules from gitleaks, kept as data: https://github.com/gitleaks/gitleaks, the file
 * config/gitleaks.toml at tag v8.30.1 (commit 83d9cd684c87d95d656c1458ef04895a7f1cbd8e, March 2026).
 *
 * A curated subset: the rules whose tokens carry a fixed prefix or structure (glpat-, npm_, hf_, xoxb-,
 * sk_live_, AKIA, eyJ….eyJ…, -----BEGIN … PRIVATE KEY-----) for the services an MCP server is given credentials
 * for: model providers, code hosting, package registries, cloud providers, infrastructure and common SaaS.
 * Left out: `generic-api-key` and the rules that match any random string after a word such as `discord`
 * or `jira` in source code (an MCP config holds values apart from their names; Keel's own secret-named
 * field check covers them), rules for file paths (pkcs12, Kubernetes YAML), and rules whose shape alone is
 * too common (a bare 40-hex string, `SK` and 32 hex digits). gitleaks' allowlists and stopwords are not
 * applied (a config about to be committed should hold no literal credential), but each rule's entropy
 * threshold is, as gitleaks applies it: a match whose secret has no more entropy than the threshold, such
 * as the placeholder `dop_v1_` and 64 zeros, is not reported by the rule. Keel's own looser shapes
 * (`secret-patterns.ts`, tried after these rules) have no threshold, so a placeholder in one of their shapes
 * is still reported (`glpat-` and 20 `x`); one in a shape only a gitleaks rule has is not.
 *
 * Each rule keeps gitleaks' id, its regular expression verbatim (Go RE2 syntax), entropy threshold and
 * keywords. `secret-patterns.ts` turns `regex` into a JavaScript RegExp (a leading `(?i)` becomes the `i`
 * flag, `(?P<name>` becomes `(?<name>`, `\z` becomes `$`) and refuses any other RE2-only syntax; `js`
 * is the hand-converted expression where `regex` has inline modifiers (`(?i)` mid-pattern, `(?i:…)`,
 * `(?-i:…)`) that JavaScript before ES2025 lacks, or where Keel departs from gitleaks on purpose
 * (`adapted` says how). Labels are Keel's. To update: compare with a newer gitleaks.toml rule by rule.
 *
 * gitleaks is under the MIT licence:
 *
 * MIT License
 *
 * Copyright (c) 2019 Zachary Rice
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

/** One gitleaks rule, as config/gitleaks.toml writes it, with the label Keel prints. */
export interface GitleaksRule {
  /** gitleaks' rule id. */
  readonly id: string;
  /** What Keel calls the credential in a finding. */
  readonly label: string;
  /** gitleaks' regular expression, verbatim (Go RE2 syntax). */
  readonly regex: string;
  /** The same rule as a JavaScript RegExp, where `regex` cannot be converted mechanically. */
  readonly js?: RegExp;
  /** How Keel's `js` deliberately differs from gitleaks' `regex`. */
  readonly adapted?: string;
  /** A match counts only when the secret's Shannon entropy (bits per character) is above this. */
  readonly entropy?: number;
  /** A text is searched only when it contains one of these (lower case, compared case-insensitively). */
  readonly keywords: readonly string[];
}

export const GITLEAKS_SOURCE = {
  url: "https://github.com/gitleaks/gitleaks/blob/v8.30.1/config/gitleaks.toml",
  version: "v8.30.1",
  licence: "MIT, Copyright (c) 2019 Zachary Rice",
} as const;

/** Most specific first within a family: a routable GitLab token before the shorter shape it starts with. */
export const GITLEAKS_RULES: readonly GitleaksRule[] = [
  // AI model providers
  {
    id: "anthropic-api-key",
    label: "Anthropic API key",
    regex: String.raw`\b(sk-ant-api03-[a-zA-Z0-9_\-]{93}AA)(?:[\x60'"\s;]|\\[nr]|$)`,
    keywords: ["sk-ant-api03"],
  },
  {
    id: "anthropic-admin-api-key",
    label: "Anthropic admin API key",
    regex: String.raw`\b(sk-ant-admin01-[a-zA-Z0-9_\-]{93}AA)(?:[\x60'"\s;]|\\[nr]|$)`,
    keywords: ["sk-ant-admin01"],
  },
  {
    id: "openai-api-key",
    label: "OpenAI API key",
    regex: String.raw`\b(sk-(?:proj|svcacct|admin)-(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})T3BlbkFJ(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})\b|sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 3,
    keywords: ["t3blbkfj"],
  },
  {
    id: "perplexity-api-key",
    label: "Perplexity API key",
    regex: String.raw`\b(pplx-[a-zA-Z0-9]{48})(?:[\x60'"\s;]|\\[nr]|$|\b)`,
    entropy: 4,
    keywords: ["pplx-"],
  },
  {
    id: "huggingface-access-token",
    label: "Hugging Face access token",
    regex: String.raw`\b(hf_(?i:[a-z]{34}))(?:[\x60'"\s;]|\\[nr]|$)`,
    js: /\b(hf_[a-zA-Z0-9]{34})(?:[\x60'"\s;]|\\[nr]|$)/,
    adapted: "digits allowed after hf_: Hugging Face tokens contain them (gitleaks allows letters only)",
    entropy: 2,
    keywords: ["hf_"],
  },
  {
    id: "huggingface-organization-api-token",
    label: "Hugging Face organisation API token",
    regex: String.raw`\b(api_org_(?i:[a-z]{34}))(?:[\x60'"\s;]|\\[nr]|$)`,
    js: /\b(api_org_[a-zA-Z0-9]{34})(?:[\x60'"\s;]|\\[nr]|$)/,
    adapted: "digits allowed after api_org_, as for hf_ tokens",
    entropy: 2,
    keywords: ["api_org_"],
  },
  // Code hosting
  {
    id: "github-pat",
    label: "GitHub personal access token",
    regex: "ghp_[0-9a-zA-Z]{36}",
    entropy: 3,
    keywords: ["ghp_"],
  },
  {
    id: "github-fine-grained-pat",
    label: "GitHub fine-grained token",
    regex: String.raw`github_pat_\w{82}`,
    entropy: 3,
    keywords: ["github_pat_"],
  },
  {
    id: "github-oauth",
    label: "GitHub OAuth token",
    regex: "gho_[0-9a-zA-Z]{36}",
    entropy: 3,
    keywords: ["gho_"],
  },
  {
    id: "github-app-token",
    label: "GitHub app token",
    regex: "(?:ghu|ghs)_[0-9a-zA-Z]{36}",
    entropy: 3,
    keywords: ["ghu_", "ghs_"],
  },
  {
    id: "github-refresh-token",
    label: "GitHub refresh token",
    regex: "ghr_[0-9a-zA-Z]{36}",
    entropy: 3,
    keywords: ["ghr_"],
  },
  {
    id: "gitlab-pat-routable",
    label: "GitLab personal access token",
    regex: String.raw`\bglpat-[0-9a-zA-Z_-]{27,300}\.[0-9a-z]{2}[0-9a-z]{7}\b`,
    entropy: 4,
    keywords: ["glpat-"],
  },
  {
    id: "gitlab-pat",
    label: "GitLab personal access token",
    regex: String.raw`glpat-[\w-]{20}`,
    entropy: 3,
    keywords: ["glpat-"],
  },
  {
    id: "gitlab-ptt",
    label: "GitLab pipeline trigger token",
    regex: "glptt-[0-9a-f]{40}",
    entropy: 3,
    keywords: ["glptt-"],
  },
  {
    id: "gitlab-rrt",
    label: "GitLab runner registration token",
    regex: String.raw`GR1348941[\w-]{20}`,
    entropy: 3,
    keywords: ["gr1348941"],
  },
  {
    id: "gitlab-runner-authentication-token-routable",
    label: "GitLab runner authentication token",
    regex: String.raw`\bglrt-t\d_[0-9a-zA-Z_\-]{27,300}\.[0-9a-z]{2}[0-9a-z]{7}\b`,
    entropy: 4,
    keywords: ["glrt-"],
  },
  {
    id: "gitlab-runner-authentication-token",
    label: "GitLab runner authentication token",
    regex: String.raw`glrt-[0-9a-zA-Z_\-]{20}`,
    entropy: 3,
    keywords: ["glrt-"],
  },
  {
    id: "gitlab-cicd-job-token",
    label: "GitLab CI/CD job token",
    regex: "glcbt-[0-9a-zA-Z]{1,5}_[0-9a-zA-Z_-]{20}",
    entropy: 3,
    keywords: ["glcbt-"],
  },
  {
    id: "gitlab-deploy-token",
    label: "GitLab deploy token",
    regex: String.raw`gldt-[0-9a-zA-Z_\-]{20}`,
    entropy: 3,
    keywords: ["gldt-"],
  },
  {
    id: "gitlab-feature-flag-client-token",
    label: "GitLab feature flag client token",
    regex: String.raw`glffct-[0-9a-zA-Z_\-]{20}`,
    entropy: 3,
    keywords: ["glffct-"],
  },
  {
    id: "gitlab-feed-token",
    label: "GitLab feed token",
    regex: String.raw`glft-[0-9a-zA-Z_\-]{20}`,
    entropy: 3,
    keywords: ["glft-"],
  },
  {
    id: "gitlab-incoming-mail-token",
    label: "GitLab incoming mail token",
    regex: String.raw`glimt-[0-9a-zA-Z_\-]{25}`,
    entropy: 3,
    keywords: ["glimt-"],
  },
  {
    id: "gitlab-kubernetes-agent-token",
    label: "GitLab Kubernetes agent token",
    regex: String.raw`glagent-[0-9a-zA-Z_\-]{50}`,
    entropy: 3,
    keywords: ["glagent-"],
  },
  {
    id: "gitlab-oauth-app-secret",
    label: "GitLab OAuth application secret",
    regex: String.raw`gloas-[0-9a-zA-Z_\-]{64}`,
    entropy: 3,
    keywords: ["gloas-"],
  },
  {
    id: "gitlab-scim-token",
    label: "GitLab SCIM token",
    regex: String.raw`glsoat-[0-9a-zA-Z_\-]{20}`,
    entropy: 3,
    keywords: ["glsoat-"],
  },
  {
    id: "gitlab-session-cookie",
    label: "GitLab session cookie",
    regex: "_gitlab_session=[0-9a-z]{32}",
    entropy: 3,
    keywords: ["_gitlab_session="],
  },
  // Package registries
  {
    id: "npm-access-token",
    label: "npm access token",
    regex: String.raw`(?i)\b(npm_[a-z0-9]{36})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 2,
    keywords: ["npm_"],
  },
  {
    id: "pypi-upload-token",
    label: "PyPI upload token",
    regex: String.raw`pypi-AgEIcHlwaS5vcmc[\w-]{50,1000}`,
    entropy: 3,
    keywords: ["pypi-ageichlwas5vcmc"],
  },
  {
    id: "rubygems-api-token",
    label: "RubyGems API token",
    regex: String.raw`\b(rubygems_[a-f0-9]{48})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 2,
    keywords: ["rubygems_"],
  },
  {
    id: "clojars-api-token",
    label: "Clojars API token",
    regex: "(?i)CLOJARS_[a-z0-9]{60}",
    entropy: 2,
    keywords: ["clojars_"],
  },
  {
    id: "artifactory-api-key",
    label: "Artifactory API key",
    regex: String.raw`\bAKCp[A-Za-z0-9]{69}\b`,
    entropy: 4.5,
    keywords: ["akcp"],
  },
  {
    id: "artifactory-reference-token",
    label: "Artifactory reference token",
    regex: String.raw`\bcmVmd[A-Za-z0-9]{59}\b`,
    entropy: 4.5,
    keywords: ["cmvmd"],
  },
  // Cloud providers and infrastructure
  {
    id: "aws-access-token",
    label: "AWS access key id",
    regex: String.raw`\b((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b`,
    entropy: 3,
    keywords: ["a3t", "akia", "asia", "abia", "acca"],
  },
  {
    id: "aws-amazon-bedrock-api-key-long-lived",
    label: "Amazon Bedrock API key",
    regex: String.raw`\b(ABSK[A-Za-z0-9+/]{109,269}={0,2})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 3,
    keywords: ["absk"],
  },
  {
    id: "gcp-api-key",
    label: "Google API key",
    regex: String.raw`\b(AIza[\w-]{35})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 4,
    keywords: ["aiza"],
  },
  {
    id: "azure-ad-client-secret",
    label: "Azure AD client secret",
    regex: String.raw`(?:^|[\\'"\x60\s>=:(,)])([a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.-]{31,34})(?:$|[\\'"\x60\s<),])`,
    entropy: 3,
    keywords: ["q~"],
  },
  {
    id: "alibaba-access-key-id",
    label: "Alibaba Cloud access key id",
    regex: String.raw`\b(LTAI(?i)[a-z0-9]{20})(?:[\x60'"\s;]|\\[nr]|$)`,
    js: /\b(LTAI[a-zA-Z0-9]{20})(?:[\x60'"\s;]|\\[nr]|$)/,
    entropy: 2,
    keywords: ["ltai"],
  },
  {
    id: "digitalocean-pat",
    label: "DigitalOcean personal access token",
    regex: String.raw`\b(dop_v1_[a-f0-9]{64})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 3,
    keywords: ["dop_v1_"],
  },
  {
    id: "digitalocean-access-token",
    label: "DigitalOcean OAuth token",
    regex: String.raw`\b(doo_v1_[a-f0-9]{64})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 3,
    keywords: ["doo_v1_"],
  },
  {
    id: "digitalocean-refresh-token",
    label: "DigitalOcean refresh token",
    regex: String.raw`(?i)\b(dor_v1_[a-f0-9]{64})(?:[\x60'"\s;]|\\[nr]|$)`,
    keywords: ["dor_v1_"],
  },
  {
    id: "cloudflare-origin-ca-key",
    label: "Cloudflare Origin CA key",
    regex: String.raw`\b(v1\.0-[a-f0-9]{24}-[a-f0-9]{146})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 2,
    keywords: ["cloudflare", "v1.0-"],
  },
  {
    id: "heroku-api-key-v2",
    label: "Heroku API key",
    regex: String.raw`\b((HRKU-AA[0-9a-zA-Z_-]{58}))(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 4,
    keywords: ["hrku-aa"],
  },
  {
    id: "flyio-access-token",
    label: "Fly.io access token",
    regex: String.raw`\b((?:fo1_[\w-]{43}|fm1[ar]_[a-zA-Z0-9+\/]{100,}={0,3}|fm2_[a-zA-Z0-9+\/]{100,}={0,3}))(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 4,
    keywords: ["fo1_", "fm1", "fm2_"],
  },
  {
    id: "databricks-api-token",
    label: "Databricks API token",
    regex: String.raw`\b(dapi[a-f0-9]{32}(?:-\d)?)(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 3,
    keywords: ["dapi"],
  },
  {
    id: "doppler-api-token",
    label: "Doppler API token",
    regex: String.raw`dp\.pt\.(?i)[a-z0-9]{43}`,
    js: /dp\.pt\.[a-zA-Z0-9]{43}/,
    entropy: 2,
    keywords: ["dp.pt."],
  },
  {
    id: "hashicorp-tf-api-token",
    label: "Terraform Cloud API token",
    regex: String.raw`(?i)[a-z0-9]{14}\.(?-i:atlasv1)\.[a-z0-9\-_=]{60,70}`,
    js: /[a-zA-Z0-9]{14}\.atlasv1\.[a-zA-Z0-9_=-]{60,70}/,
    entropy: 3.5,
    keywords: ["atlasv1"],
  },
  {
    id: "vault-service-token",
    label: "HashiCorp Vault service token",
    regex: String.raw`\b((?:hvs\.[\w-]{90,120}|s\.(?i:[a-z0-9]{24})))(?:[\x60'"\s;]|\\[nr]|$)`,
    js: /\b(hvs\.[\w-]{90,120})(?:[\x60'"\s;]|\\[nr]|$)/,
    adapted:
      "the legacy s. form (s. and 24 letters or digits) is left out: without gitleaks' allowlist it also matches ordinary text",
    entropy: 3.5,
    keywords: ["hvs.", "s."],
  },
  {
    id: "vault-batch-token",
    label: "HashiCorp Vault batch token",
    regex: String.raw`\b(hvb\.[\w-]{138,300})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 4,
    keywords: ["hvb."],
  },
  {
    id: "planetscale-api-token",
    label: "PlanetScale API token",
    regex: String.raw`\b(pscale_tkn_(?i)[\w=\.-]{32,64})(?:[\x60'"\s;]|\\[nr]|$)`,
    js: /\b(pscale_tkn_[\w=.-]{32,64})(?:[\x60'"\s;]|\\[nr]|$)/,
    entropy: 3,
    keywords: ["pscale_tkn_"],
  },
  {
    id: "planetscale-oauth-token",
    label: "PlanetScale OAuth token",
    regex: String.raw`\b(pscale_oauth_[\w=\.-]{32,64})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 3,
    keywords: ["pscale_oauth_"],
  },
  {
    id: "planetscale-password",
    label: "PlanetScale password",
    regex: String.raw`(?i)\b(pscale_pw_(?i)[\w=\.-]{32,64})(?:[\x60'"\s;]|\\[nr]|$)`,
    js: /\b(pscale_pw_[\w=.-]{32,64})(?:[\x60'"\s;]|\\[nr]|$)/i,
    entropy: 3,
    keywords: ["pscale_pw_"],
  },
  {
    id: "pulumi-api-token",
    label: "Pulumi access token",
    regex: String.raw`\b(pul-[a-f0-9]{40})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 2,
    keywords: ["pul-"],
  },
  {
    id: "prefect-api-token",
    label: "Prefect API key",
    regex: String.raw`\b(pnu_[a-zA-Z0-9]{36})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 2,
    keywords: ["pnu_"],
  },
  {
    id: "1password-service-account-token",
    label: "1Password service account token",
    regex: "ops_eyJ[a-zA-Z0-9+/]{250,}={0,3}",
    entropy: 4,
    keywords: ["ops_"],
  },
  {
    id: "age-secret-key",
    label: "age secret key",
    regex: "AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}",
    keywords: ["age-secret-key-1"],
  },
  {
    id: "grafana-api-key",
    label: "Grafana API key",
    regex: String.raw`(?i)\b(eyJrIjoi[A-Za-z0-9]{70,400}={0,3})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 3,
    keywords: ["eyjrijoi"],
  },
  {
    id: "grafana-cloud-api-token",
    label: "Grafana Cloud token",
    regex: String.raw`(?i)\b(glc_[A-Za-z0-9+/]{32,400}={0,3})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 3,
    keywords: ["glc_"],
  },
  {
    id: "grafana-service-account-token",
    label: "Grafana service account token",
    regex: String.raw`(?i)\b(glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 3,
    keywords: ["glsa_"],
  },
  {
    id: "sentry-user-token",
    label: "Sentry user token",
    regex: String.raw`\b(sntryu_[a-f0-9]{64})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 3.5,
    keywords: ["sntryu_"],
  },
  {
    id: "sentry-org-token",
    label: "Sentry organisation token",
    regex: String.raw`\bsntrys_eyJpYXQiO[a-zA-Z0-9+/]{10,200}(?:LCJyZWdpb25fdXJs|InJlZ2lvbl91cmwi|cmVnaW9uX3VybCI6)[a-zA-Z0-9+/]{10,200}={0,2}_[a-zA-Z0-9+/]{43}(?:[^a-zA-Z0-9+/]|\z)`,
    js: /\bsntrys_eyJpYXQiO[a-zA-Z0-9+/]{10,200}(?:LCJyZWdpb25fdXJs|InJlZ2lvbl91cmwi|cmVnaW9uX3VybCI6)[a-zA-Z0-9+/]{10,200}={0,2}_[a-zA-Z0-9+/]{43}(?=[^a-zA-Z0-9+/]|$)/,
    adapted:
      "the character after the token is looked at, not taken into the secret, so that its mask has the token's length",
    entropy: 4.5,
    keywords: ["sntrys_eyjpyxqio"],
  },
  // Services MCP servers commonly talk to
  {
    id: "slack-bot-token",
    label: "Slack bot token",
    regex: "xoxb-[0-9]{10,13}-[0-9]{10,13}[a-zA-Z0-9-]*",
    entropy: 3,
    keywords: ["xoxb"],
  },
  {
    id: "slack-user-token",
    label: "Slack user token",
    regex: "xox[pe](?:-[0-9]{10,13}){3}-[a-zA-Z0-9-]{28,34}",
    entropy: 2,
    keywords: ["xoxp-", "xoxe-"],
  },
  {
    id: "slack-app-token",
    label: "Slack app-level token",
    regex: String.raw`(?i)xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+`,
    entropy: 2,
    keywords: ["xapp"],
  },
  {
    id: "slack-config-access-token",
    label: "Slack configuration access token",
    regex: String.raw`(?i)xoxe.xox[bp]-\d-[A-Z0-9]{163,166}`,
    entropy: 2,
    keywords: ["xoxe.xoxb-", "xoxe.xoxp-"],
  },
  {
    id: "slack-config-refresh-token",
    label: "Slack configuration refresh token",
    regex: String.raw`(?i)xoxe-\d-[A-Z0-9]{146}`,
    entropy: 2,
    keywords: ["xoxe-"],
  },
  {
    id: "slack-legacy-bot-token",
    label: "Slack legacy bot token",
    regex: "xoxb-[0-9]{8,14}-[a-zA-Z0-9]{18,26}",
    entropy: 2,
    keywords: ["xoxb"],
  },
  {
    id: "slack-legacy-workspace-token",
    label: "Slack legacy workspace token",
    regex: String.raw`xox[ar]-(?:\d-)?[0-9a-zA-Z]{8,48}`,
    entropy: 2,
    keywords: ["xoxa", "xoxr"],
  },
  {
    id: "slack-legacy-token",
    label: "Slack legacy token",
    regex: String.raw`xox[os]-\d+-\d+-\d+-[a-fA-F\d]+`,
    entropy: 2,
    keywords: ["xoxo", "xoxs"],
  },
  {
    id: "slack-webhook-url",
    label: "Slack webhook URL",
    regex: "(?:https?://)?hooks.slack.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{43,56}",
    keywords: ["hooks.slack.com"],
  },
  {
    id: "stripe-access-token",
    label: "Stripe API key",
    regex: String.raw`\b((?:sk|rk)_(?:test|live|prod)_[a-zA-Z0-9]{10,99})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 2,
    keywords: ["sk_test", "sk_live", "sk_prod", "rk_test", "rk_live", "rk_prod"],
  },
  {
    id: "sendgrid-api-token",
    label: "SendGrid API key",
    regex: String.raw`\b(SG\.(?i)[a-z0-9=_\-\.]{66})(?:[\x60'"\s;]|\\[nr]|$)`,
    js: /\b(SG\.[a-zA-Z0-9=_.-]{66})(?:[\x60'"\s;]|\\[nr]|$)/,
    entropy: 2,
    keywords: ["sg."],
  },
  {
    id: "atlassian-api-token",
    label: "Atlassian API token",
    regex: String.raw`(?i)[\w.-]{0,50}?(?:(?-i:ATLASSIAN|[Aa]tlassian)|(?-i:CONFLUENCE|[Cc]onfluence)|(?-i:JIRA|[Jj]ira))(?:[ \t\w.-]{0,20})[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}([a-z0-9]{20}[a-f0-9]{4})(?:[\x60'"\s;]|\\[nr]|$)|\b(ATATT3[A-Za-z0-9_\-=]{186})(?:[\x60'"\s;]|\\[nr]|$)`,
    js: /\b(ATATT3[A-Za-z0-9_=-]{186})(?:[\x60'"\s;]|\\[nr]|$)/,
    adapted:
      "only the prefixed ATATT3 form: the other form is any 24 letters and digits after a word such as jira, a shape a config rarely holds",
    entropy: 3.5,
    keywords: ["atlassian", "confluence", "jira", "atatt3"],
  },
  {
    id: "linear-api-key",
    label: "Linear API key",
    regex: "lin_api_(?i)[a-z0-9]{40}",
    js: /lin_api_[a-zA-Z0-9]{40}/,
    entropy: 2,
    keywords: ["lin_api_"],
  },
  {
    id: "notion-api-token",
    label: "Notion API token",
    regex: String.raw`\b(ntn_[0-9]{11}[A-Za-z0-9]{32}[A-Za-z0-9]{3})(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 4,
    keywords: ["ntn_"],
  },
  {
    id: "postman-api-token",
    label: "Postman API key",
    regex: String.raw`\b(PMAK-(?i)[a-f0-9]{24}\-[a-f0-9]{34})(?:[\x60'"\s;]|\\[nr]|$)`,
    js: /\b(PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34})(?:[\x60'"\s;]|\\[nr]|$)/,
    entropy: 3,
    keywords: ["pmak-"],
  },
  {
    id: "shopify-access-token",
    label: "Shopify access token",
    regex: "shpat_[a-fA-F0-9]{32}",
    entropy: 2,
    keywords: ["shpat_"],
  },
  {
    id: "shopify-custom-access-token",
    label: "Shopify custom app access token",
    regex: "shpca_[a-fA-F0-9]{32}",
    entropy: 2,
    keywords: ["shpca_"],
  },
  {
    id: "shopify-private-app-access-token",
    label: "Shopify private app access token",
    regex: "shppa_[a-fA-F0-9]{32}",
    entropy: 2,
    keywords: ["shppa_"],
  },
  {
    id: "shopify-shared-secret",
    label: "Shopify shared secret",
    regex: "shpss_[a-fA-F0-9]{32}",
    entropy: 2,
    keywords: ["shpss_"],
  },
  // Formats
  {
    id: "jwt",
    label: "JSON Web Token",
    regex: String.raw`\b(ey[a-zA-Z0-9]{17,}\.ey[a-zA-Z0-9\/\\_-]{17,}\.(?:[a-zA-Z0-9\/\\_-]{10,}={0,2})?)(?:[\x60'"\s;]|\\[nr]|$)`,
    entropy: 3,
    keywords: ["ey"],
  },
  {
    id: "private-key",
    label: "private key",
    regex: String.raw`(?i)-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S-]{64,}?KEY(?: BLOCK)?-----`,
    keywords: ["-----begin"],
  },
];
