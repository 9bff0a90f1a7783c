/** Runs a task, never two at once; what is asked for while it runs is done once, right after. */
export interface SerialRunner {
  /** Settles when a run that started after this call has finished (it never rejects). */
  request: () => Promise<void>;
}

/**
 * Coalesces bursts of requests into as few runs as keep the result fresh: at most one run at a
 * time, and any number of requests during a run lead to exactly one more. A failing run is reported
 * through `onError` and does not stop later ones.
 */
export const createSerialRunner = (task: () => Promise<void>, onError: (error: unknown) => void): SerialRunner => {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const run = (async () => {
      try {
        await task();
      } catch (error) {
        onError(error);
      }
    })();
    running = run.finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    request: () => {
      if (queued) return queued;
      if (!running) return start();
      queued = running.then(() => {
        queued = undefined;
        return start();
      });
      return queued;
    },
  };
};
