/** The package's own table beside pg-boss's schema: one row per run, its latest checkpoint and its result. */
export const RUNS_SCHEMA = `
CREATE SCHEMA IF NOT EXISTS keel_durable;
CREATE TABLE IF NOT EXISTS keel_durable.runs (
  run_id text PRIMARY KEY,
  agent text NOT NULL,
  input jsonb NOT NULL,
  status text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  checkpoint jsonb,
  decisions jsonb,
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Keel's lease (lease.ts): the pg-boss job and attempt holding the run, and until when.
ALTER TABLE keel_durable.runs ADD COLUMN IF NOT EXISTS job_id text;
ALTER TABLE keel_durable.runs ADD COLUMN IF NOT EXISTS job_retry integer;
ALTER TABLE keel_durable.runs ADD COLUMN IF NOT EXISTS lease_until timestamptz;
-- The decideRun call that queued the run's continuation (a resent decision finds its own).
ALTER TABLE keel_durable.runs ADD COLUMN IF NOT EXISTS decision_id text;
-- Incremental checkpoints (checkpoint-rows.ts): the head in \`checkpoint\`, each message and call once.
ALTER TABLE keel_durable.runs ADD COLUMN IF NOT EXISTS checkpoint_messages integer;
ALTER TABLE keel_durable.runs ADD COLUMN IF NOT EXISTS checkpoint_calls integer;
CREATE TABLE IF NOT EXISTS keel_durable.checkpoint_items (
  run_id text NOT NULL,
  list text NOT NULL,
  seq integer NOT NULL,
  item jsonb NOT NULL,
  PRIMARY KEY (run_id, list, seq)
);
CREATE INDEX IF NOT EXISTS runs_leased ON keel_durable.runs (lease_until) WHERE status = 'running';
-- Ended runs whose job was not completed with their end (lease.ts sweeps them; a run's own end clears job_id).
CREATE INDEX IF NOT EXISTS runs_ended_with_job ON keel_durable.runs (run_id)
  WHERE job_id IS NOT NULL AND status NOT IN ('queued', 'running');
CREATE INDEX IF NOT EXISTS runs_created ON keel_durable.runs (created_at);
CREATE TABLE IF NOT EXISTS keel_durable.model_request_slots (
  slot integer PRIMARY KEY,
  holder text NOT NULL,
  until timestamptz NOT NULL
);
`;

/** The pg-boss queue every run's jobs go through. */
export const RUN_QUEUE = "keel-runs";
