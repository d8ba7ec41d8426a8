export interface PollingLoop {
  /** Runs a round now (new work was just queued) instead of at the next poll. */
  wake: () => void;
  /**
   * A round that starts after this call, answered when it is over: rounds never overlap, so a
   * call during one gets the round after it (shared by everyone who asked meanwhile), as the one
   * under way may have read before the caller's work was queued.
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
  /** The round after the current one, for those who asked during it. */
  let following: Promise<number> | null = null;
  let isStopped = false;

  function runOnce(): Promise<number> {
    if (current === null) {
      current = round().finally(() => {
        current = null;
      });
      return current;
    }
    following ??= current
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        following = null;
        return isStopped ? 0 : runOnce();
      });
    return following;
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
