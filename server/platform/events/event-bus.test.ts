import { describe, expect, it } from 'vitest';
import { createEventBus, type EventMirror } from './event-bus';

interface TestEvents {
  'note.written': { id: string; words: number };
  'note.read': { id: string };
}

/** Two nodes' mirrors joined by hand: what one announces, the other hears. */
function joinedMirrors(): [EventMirror & { sent: string[] }, EventMirror & { sent: string[] }] {
  const make = () => {
    const handlers: ((name: string) => void)[] = [];
    return {
      sent: [] as string[],
      peer: null as null | { hear(name: string): void },
      announce(name: string) {
        this.sent.push(name);
        this.peer?.hear(name);
      },
      onAnnounced(handler: (name: string) => void) {
        handlers.push(handler);
      },
      hear(name: string) {
        for (const handler of handlers) handler(name);
      },
    };
  };
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

const bus = (mirror: EventMirror | null = null, onRemoteFailure = (_error: unknown, _name: string) => {}) =>
  createEventBus<TestEvents, 'note.written'>({ mirrored: ['note.written'], mirror, onRemoteFailure });

describe('typed domain events', () => {
  it('hands each listener the payload of its own event only', async () => {
    const events = bus();
    const written: { id: string; words: number }[] = [];
    const read: string[] = [];
    events.on('note.written', (note) => void written.push(note));
    events.on('note.read', ({ id }) => void read.push(id));
    await events.emit('note.written', { id: 'n1', words: 3 });
    expect(written).toEqual([{ id: 'n1', words: 3 }]);
    expect(read).toEqual([]);
  });

  it('does not compile a payload of the wrong shape, or an unknown event', () => {
    const events = bus();
    // Compile-time only: the checks are the expect-error lines, which fail the typecheck if
    // they ever compile. Not run: emitting would be harmless, but there is nothing to observe.
    const neverCalled = () => {
      // @ts-expect-error words must be a number
      void events.emit('note.written', { id: 'n1', words: 'three' });
      // @ts-expect-error note.read carries no words
      events.on('note.read', (note) => note.words);
      // @ts-expect-error no such event
      void events.emit('note.burnt', { id: 'n1' });
      // @ts-expect-error note.read is not mirrored, so no node but this one hears of it
      events.onAnyNode('note.read', () => undefined);
    };
    expect(typeof neverCalled).toBe('function');
  });

  it('starts every listener before any of them waits, and waits for all', async () => {
    const events = bus();
    const order: string[] = [];
    let releaseSlow = () => {};
    events.on('note.written', async () => {
      order.push('slow started');
      await new Promise<void>((resolve) => (releaseSlow = resolve));
      order.push('slow done');
    });
    events.on('note.written', () => void order.push('quick'));
    const emitted = events.emit('note.written', { id: 'n1', words: 1 });
    expect(order).toEqual(['slow started', 'quick']);
    releaseSlow();
    await emitted;
    expect(order).toEqual(['slow started', 'quick', 'slow done']);
  });

  it('rejects with the first failure once every listener settled', async () => {
    const events = bus();
    const settled: string[] = [];
    events.on('note.written', () => {
      throw new Error('seat taken');
    });
    events.on('note.written', async () => {
      await Promise.resolve();
      settled.push('the other listener');
    });
    await expect(events.emit('note.written', { id: 'n1', words: 1 })).rejects.toThrow('seat taken');
    expect(settled).toEqual(['the other listener']);
  });
});

describe('mirrored events', () => {
  it('reach listeners on every node, without their payload; the rest stay on their node', async () => {
    const [mirrorA, mirrorB] = joinedMirrors();
    const a = bus(mirrorA);
    const b = bus(mirrorB);
    const heard: string[] = [];
    a.onAnyNode('note.written', () => void heard.push('A any node'));
    b.onAnyNode('note.written', () => void heard.push('B any node'));
    b.on('note.written', () => void heard.push('B local'));

    await a.emit('note.written', { id: 'n1', words: 1 });
    expect(heard).toEqual(['A any node', 'B any node']);
    expect(mirrorA.sent).toEqual(['note.written']);

    await a.emit('note.read', { id: 'n1' });
    expect(mirrorA.sent).toEqual(['note.written']);
  });

  it("reports a failed reaction to another node's event, since nothing awaits it", async () => {
    const [mirrorA, mirrorB] = joinedMirrors();
    const failures: string[] = [];
    const a = bus(mirrorA);
    const b = bus(mirrorB, (error, name) => failures.push(`${name}: ${(error as Error).message}`));
    b.onAnyNode('note.written', async () => {
      throw new Error('cache gone');
    });
    await a.emit('note.written', { id: 'n1', words: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures).toEqual(['note.written: cache gone']);
  });
});
