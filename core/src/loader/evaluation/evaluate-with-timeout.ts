import vm from 'node:vm';

import { EvaluationTimeout } from '../../errors.js';

/** How long a project's top-level code may run before the load gives up (issue 7). */
export const DEFAULT_EVALUATION_TIMEOUT_MS = 5_000;

const RUN = Symbol.for('decorest.evaluate');
const RUN_SCRIPT = `globalThis[Symbol.for('decorest.evaluate')]()`;

/**
 * Runs `run` synchronously under V8's watchdog, so a model file that loops at import time
 * fails the load instead of hanging the process. The watchdog terminates execution without
 * running `finally` blocks, so process-wide state `run` changes must be restored by the caller.
 */
export function evaluateWithTimeout(run: () => void, timeoutMs: number): void {
  const stackTraceLimit = Error.stackTraceLimit;
  const global = globalThis as Record<symbol, unknown>;
  // The script finds `run` on the global object: a new context to hand it over cost a
  // millisecond or more of every start (issue 27), and the code runs in this one anyway.
  global[RUN] = run;
  try {
    vm.runInThisContext(RUN_SCRIPT, { timeout: timeoutMs, filename: 'decorest-load' });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      Error.stackTraceLimit = stackTraceLimit;
      throw new EvaluationTimeout(timeoutMs);
    }
    throw error;
  } finally {
    delete global[RUN];
  }
}
