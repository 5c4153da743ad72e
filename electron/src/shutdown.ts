/** One thing to stop on quit, in order. */
export interface ShutdownStep {
  name: string;
  run(): Promise<void>;
}

export interface ShutdownOptions {
  /** Run in this order: close the servers (no new writes), then let the datafiles finish. */
  steps: readonly ShutdownStep[];
  /** Ends the process; called exactly once, after every step settled or the deadline passed. */
  exit(code: number): void;
  log(message: string): void;
  /**
   * A step that hangs (a client holding a connection open, a stuck disk) must not keep a
   * window-less app alive forever: after this long the app exits anyway, with code 1.
   */
  deadlineMs?: number;
}

/**
 * Returns `shutdown()`, which runs the steps one after another and then exits. It is safe to
 * call from every quit path at once (menu Quit, last window closed, SIGTERM, `before-quit`):
 * the first call does the work, later calls get the same promise. A failing step is logged and
 * the next one still runs, so a server that fails to close never stops the datafiles from being
 * flushed; the exit code is then 1.
 */
export function createShutdown(options: ShutdownOptions): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= run(options);
    return running;
  };
}

async function run({ steps, exit, log, deadlineMs = 10_000 }: ShutdownOptions): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs);
    timer.unref?.();
  });
  const work = (async () => {
    let failed = false;
    for (const step of steps) {
      try {
        await step.run();
      } catch (error) {
        failed = true;
        log(
          `shutdown: ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return failed ? 1 : 0;
  })();
  const outcome = await Promise.race([work, deadline]);
  clearTimeout(timer);
  if (outcome === 'late') {
    log(`shutdown: still stopping after ${deadlineMs} ms, exiting anyway`);
    exit(1);
  } else {
    exit(outcome);
  }
}
