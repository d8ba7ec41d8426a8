export interface PollingLoop {
  /** Runs a round now (new work was just queued) instead of at the next poll. */
  wake: () => void;
  /**
   * One round. Rounds never overlap: a call during one gets that round's answer, and one more
   * round follows it, so work queued meanwhile is not left for the next poll.
   */
  runOnce: () => Promise<number>;
  /** Stops polling and waits for the round in progress. */
  stop: () => Promise<void>;
  /** True once stop() was called: a long round checks it between pieces of work. */
  readonly isStopped: boolean;
}

/**
 * A background job every node runs (the e-mail sender, the archive builder): a round on a timer
 * and on wake(), never two at once, its failures logged rather than thrown. The round itself
 * claims its work from the database, so nodes sharing one never take the same piece.
 */
export function startPollingLoop({
  round,
  pollIntervalMs,
  onError,
}: {
  round: () => Promise<number>;
  pollIntervalMs: number;
  onError: (err: unknown) => void;
}): PollingLoop {
  let current: Promise<number> | null = null;
  let isAwaited = false;
  let isStopped = false;

  function runOnce(): Promise<number> {
    if (current) {
      isAwaited = true;
      return current;
    }
    current = round().finally(() => {
      current = null;
      if (isAwaited && !isStopped) {
        isAwaited = false;
        run();
      }
    });
    return current;
  }

  function run(): void {
    runOnce().catch(onError);
  }

  const timer = setInterval(run, pollIntervalMs);
  // A process with nothing else to do may exit: the loop keeps no one alive.
  timer.unref();
  return {
    wake: () => {
      if (!isStopped) setImmediate(run);
    },
    runOnce,
    stop: async () => {
      isStopped = true;
      clearInterval(timer);
      await current?.catch(() => undefined);
    },
    get isStopped() {
      return isStopped;
    },
  };
}
