import { ModelClientError } from "@keel/loop";
import { loadExpectedDigests, taskById } from "../gold/tasks.js";
import { runTrial, type TrialClients, type TrialResult, type TrialSettings } from "./live-trial.js";
import { meanPassHatCurve, passHatCurve } from "./pass-hat-k.js";

export interface EvaluationPlan {
  readonly taskIds: readonly string[];
  /** Trials per task; pass^1 … pass^k are reported. */
  readonly k: number;
  readonly settings: TrialSettings;
  /** Trials run at once. */
  readonly concurrency: number;
}

export interface TaskSummary {
  readonly task_id: string;
  readonly passes: number;
  readonly trials: number;
  /** pass^1 … pass^k of this task. */
  readonly pass_hat: readonly number[];
}

export interface EvaluationReport {
  /** Every trial, by task (in the plan's order) then trial. */
  readonly trials: readonly TrialResult[];
  readonly tasks: readonly TaskSummary[];
  /** pass^1 … pass^k over the tasks. */
  readonly pass_hat: readonly number[];
  /** Trials that could not run to an ending (`model_error`); they count as failures above. */
  readonly errors: number;
}

/** The clients of one trial; a ModelClientError thrown here (a cassette missing) fails that trial only. */
export type ClientsFor = (taskId: string, trial: number) => TrialClients;

/** Runs k trials of every task, `concurrency` at a time, and grades them as τ-bench does (pass^k). */
export async function runEvaluation(
  plan: EvaluationPlan,
  clientsFor: ClientsFor,
  onTrial: (result: TrialResult) => void = () => undefined,
): Promise<EvaluationReport> {
  const jobs = plan.taskIds.flatMap((taskId) =>
    Array.from({ length: plan.k }, (_, index) => ({ taskId, trial: index + 1 })),
  );
  const results: TrialResult[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index];
      if (job === undefined) return;
      const result = await oneTrial(job.taskId, job.trial, plan.settings, clientsFor);
      results[index] = result;
      onTrial(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(plan.concurrency, jobs.length)) }, worker));

  const tasks = plan.taskIds.map((taskId) => {
    const passes = results.filter((result) => result.task_id === taskId && result.passed).length;
    return { task_id: taskId, passes, trials: plan.k, pass_hat: passHatCurve(passes, plan.k, plan.k) };
  });
  return {
    trials: results,
    tasks,
    pass_hat: meanPassHatCurve(tasks, plan.k),
    errors: results.filter((result) => result.termination === "model_error").length,
  };
}

async function oneTrial(
  taskId: string,
  trial: number,
  settings: TrialSettings,
  clientsFor: ClientsFor,
): Promise<TrialResult> {
  let clients: TrialClients;
  try {
    clients = clientsFor(taskId, trial);
  } catch (error) {
    if (!ModelClientError.isInstance(error)) throw error;
    return {
      task_id: taskId,
      trial,
      termination: "model_error",
      user_turns: 0,
      digest: loadExpectedDigests().pristine,
      passed: false,
      tool_calls: 0,
      stopped_by_hooks: 0,
      error: error.message,
    };
  }
  return runTrial(taskById(taskId), trial, clients, settings);
}
