import vm from 'node:vm';

import { EvaluationTimeout } from '../../errors.js';

/** How long a project's top-level code may run before the load gives up (issue 7). */
export const DEFAULT_EVALUATION_TIMEOUT_MS = 5_000;

/**
 * Runs `run` synchronously under V8's watchdog, so a model file that loops at import time
 * fails the load instead of hanging the process. The watchdog terminates execution without
 * running `finally` blocks, so process-wide state `run` changes must be restored by the caller.
 */
export function evaluateWithTimeout(run: () => void, timeoutMs: number): void {
  const stackTraceLimit = Error.stackTraceLimit;
  try {
    vm.runInNewContext('run()', { run }, { timeout: timeoutMs, filename: 'decorest-load' });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      Error.stackTraceLimit = stackTraceLimit;
      throw new EvaluationTimeout(timeoutMs);
    }
    throw error;
  }
}
