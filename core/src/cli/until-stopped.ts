/** Resolves on the first SIGINT or SIGTERM (Ctrl+C, a service manager), then listens no more. */
export function untilStopped(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
