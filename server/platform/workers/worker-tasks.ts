import { parentPort } from 'node:worker_threads';

export interface TaskRequest {
  id: number;
  task: string;
  input: unknown;
}

export type TaskReply =
  { id: number; ok: true; output: unknown } | { id: number; ok: false; message: string };

/** Inside a worker thread: answers the pool's task requests with these functions. */
export function serveTasks<Tasks extends { [Task in keyof Tasks]: (input: never) => Promise<unknown> }>(
  tasks: Tasks,
): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs inside a worker thread');
  const byName = new Map<string, (input: never) => Promise<unknown>>(Object.entries(tasks));
  port.on('message', (request: TaskRequest) => {
    const run = byName.get(request.task);
    const reply = (message: TaskReply) => port.postMessage(message);
    if (!run) {
      reply({ id: request.id, ok: false, message: `unknown task ${request.task}` });
      return;
    }
    run(request.input as never).then(
      (output) =>
        port.postMessage({ id: request.id, ok: true, output } satisfies TaskReply, movableBytesOf(output)),
      (error: unknown) =>
        reply({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/**
 * The memory of byte arrays in a task's answer (the answer itself or one of its fields) that can
 * change hands instead of being copied: only arrays that span their whole buffer, so that moving
 * one never takes memory something else in the worker still uses (Node's pooled Buffers).
 */
function movableBytesOf(output: unknown): ArrayBuffer[] {
  const candidates =
    output instanceof Uint8Array
      ? [output]
      : typeof output === 'object' && output !== null
        ? Object.values(output).filter((value) => value instanceof Uint8Array)
        : [];
  return candidates
    .filter(
      (bytes): bytes is Uint8Array<ArrayBuffer> =>
        bytes.buffer instanceof ArrayBuffer &&
        bytes.byteOffset === 0 &&
        bytes.byteLength === bytes.buffer.byteLength,
    )
    .map((bytes) => bytes.buffer);
}
