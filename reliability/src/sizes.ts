/** How big each check runs: `small` in `pnpm test`, `full` in `pnpm soak`; every figure can be overridden by env. */
export type SizeProfile = "small" | "full";

/** Every bounded quantity of the suite, so nothing loops or waits without a limit. */
export interface Sizes {
  readonly profile: SizeProfile;
  /** Seeded support runs in the fault soak (KEEL_SOAK_RUNS). */
  readonly soakRuns: number;
  /** Runs in flight at once in the fault soak (KEEL_SOAK_CONCURRENCY). */
  readonly soakConcurrency: number;
  /** Kill/restart cycles of the MCP server (KEEL_SOAK_CRASH_CYCLES). */
  readonly crashCycles: number;
  /** Concurrent refund clients while the server is killed (KEEL_SOAK_CRASH_CLIENTS). */
  readonly crashClients: number;
  /** fast-check runs per loop property (KEEL_SOAK_PROPERTY_RUNS). */
  readonly propertyRuns: number;
  /** Concurrent HTTP clients in the load test (KEEL_SOAK_LOAD_CLIENTS). */
  readonly loadClients: number;
  /** Duration of the load test in seconds (KEEL_SOAK_LOAD_SECONDS). */
  readonly loadSeconds: number;
  /** Held refunds in the resume soak, PostgreSQL only (KEEL_SOAK_APPROVAL_RUNS). */
  readonly approvalRuns: number;
  /** `keel tickets approve` processes racing on each held refund (KEEL_SOAK_APPROVAL_RACERS). */
  readonly approvalRacers: number;
  /** Queued runs in the durable soak, per store (KEEL_SOAK_DURABLE_RUNS). */
  readonly durableRuns: number;
}

const DEFAULTS: Record<SizeProfile, Omit<Sizes, "profile">> = {
  small: {
    soakRuns: 24,
    soakConcurrency: 4,
    crashCycles: 1,
    crashClients: 8,
    propertyRuns: 40,
    loadClients: 100,
    loadSeconds: 2,
    approvalRuns: 3,
    approvalRacers: 2,
    durableRuns: 12,
  },
  full: {
    soakRuns: 500,
    soakConcurrency: 8,
    crashCycles: 5,
    crashClients: 32,
    propertyRuns: 500,
    loadClients: 100,
    loadSeconds: 30,
    approvalRuns: 40,
    approvalRacers: 3,
    durableRuns: 200,
  },
};

const VARIABLES: Record<keyof Omit<Sizes, "profile">, string> = {
  soakRuns: "KEEL_SOAK_RUNS",
  soakConcurrency: "KEEL_SOAK_CONCURRENCY",
  crashCycles: "KEEL_SOAK_CRASH_CYCLES",
  crashClients: "KEEL_SOAK_CRASH_CLIENTS",
  propertyRuns: "KEEL_SOAK_PROPERTY_RUNS",
  loadClients: "KEEL_SOAK_LOAD_CLIENTS",
  loadSeconds: "KEEL_SOAK_LOAD_SECONDS",
  approvalRuns: "KEEL_SOAK_APPROVAL_RUNS",
  approvalRacers: "KEEL_SOAK_APPROVAL_RACERS",
  durableRuns: "KEEL_SOAK_DURABLE_RUNS",
};

/** Upper bounds, so a typo in an environment variable cannot start an endless run. */
const MAXIMUM = 100_000;

/**
 * The sizes of one profile with the environment's overrides. Throws for an override that is not a
 * positive integer (a silent fallback would report figures for a size nobody asked for).
 */
export function readSizes(
  profile: SizeProfile,
  environment: Readonly<Record<string, string | undefined>> = process.env,
): Sizes {
  const sizes: Record<string, number | string> = { profile, ...DEFAULTS[profile] };
  for (const [key, variable] of Object.entries(VARIABLES)) {
    const raw = environment[variable];
    if (raw === undefined || raw === "") continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > MAXIMUM) {
      throw new RangeError(
        `${variable} must be an integer from 1 to ${MAXIMUM}, got ${JSON.stringify(raw)}.`,
      );
    }
    sizes[key] = value;
  }
  return sizes as unknown as Sizes;
}
