/** How this process hears of events other nodes announced (the scale-out layer's mirror). */
export interface EventMirror {
  /** Tells the other nodes that an event of this name happened here. */
  announce(name: string): void;
  /** Runs for every event another node announced. */
  onAnnounced(handler: (name: string) => void): void;
}

/**
 * Typed in-process events: `Events` maps each event name to its payload type, so an emitter and
 * its listeners cannot disagree on the shape; `Mirrored` names the events the other nodes hear
 * of too. Events are emitted after the write they report committed.
 */
export interface EventBus<Events extends object, Mirrored extends keyof Events & string> {
  /**
   * Runs every listener of this process; resolves when all settled and rejects with the first
   * failure, so a reaction the write depends on (the founder seat) fails it loudly. Every
   * listener starts before any of them waits: a cheap synchronous reaction (a cache dropped) is
   * never late behind a slow one (a live publish). A mirrored event is announced to the others.
   */
  emit<Name extends keyof Events & string>(name: Name, payload: Events[Name]): Promise<void>;
  /** Listens to this process's events, with their payload. */
  on<Name extends keyof Events & string>(name: Name, listener: (payload: Events[Name]) => unknown): void;
  /**
   * Listens to a mirrored event on every node: this one's and those the others announce. The
   * payload stays on the node that emitted it (what other nodes' clients must see already went
   * through the realtime fan-out), so these listeners get none: they drop what they kept.
   */
  onAnyNode(name: Mirrored, listener: () => unknown): void;
}

export interface EventBusOptions<Events extends object, Mirrored extends keyof Events & string> {
  /** Names announced to the other nodes when emitted here. */
  mirrored: readonly Mirrored[];
  /** The scale-out layer's mirror; null for one process alone. */
  mirror: EventMirror | null;
  /** Reports a failed listener of another node's event: nothing awaits those. */
  onRemoteFailure: (error: unknown, name: string) => void;
}

type Listener = (payload: never) => unknown;

/**
 * Calls the listener at once (its synchronous part runs now); being async, a synchronous throw
 * becomes a rejection like an asynchronous one.
 */
async function start(call: () => unknown): Promise<unknown> {
  return call();
}

export function createEventBus<Events extends object, Mirrored extends keyof Events & string>({
  mirrored,
  mirror,
  onRemoteFailure,
}: EventBusOptions<Events, Mirrored>): EventBus<Events, Mirrored> {
  const local = new Map<string, Listener[]>();
  const anyNode = new Map<string, (() => unknown)[]>();
  const isMirrored = new Set<string>(mirrored);
  const startAnyNode = (name: string) => (anyNode.get(name) ?? []).map((listener) => start(listener));

  mirror?.onAnnounced((name) => {
    for (const running of startAnyNode(name)) running.catch((error: unknown) => onRemoteFailure(error, name));
  });

  return {
    async emit(name, payload) {
      // on() files each listener under its own name, so these all take this name's payload.
      const listeners = (local.get(name) ?? []) as ((payload: Events[typeof name]) => unknown)[];
      const running = [...startAnyNode(name), ...listeners.map((listener) => start(() => listener(payload)))];
      if (isMirrored.has(name)) mirror?.announce(name);
      const settled = await Promise.allSettled(running);
      const failed = settled.find(
        (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
      );
      if (failed) throw failed.reason;
    },
    on(name, listener) {
      local.set(name, [...(local.get(name) ?? []), listener]);
    },
    onAnyNode(name, listener) {
      anyNode.set(name, [...(anyNode.get(name) ?? []), listener]);
    },
  };
}
