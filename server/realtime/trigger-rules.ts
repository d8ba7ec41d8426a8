import { z } from 'zod';
import { channelNameSchema, eventNameSchema, socketIdSchema } from './channel-names';
import { MAX_CHANNELS_PER_TRIGGER, MAX_EVENT_DATA_BYTES, MAX_EVENTS_PER_BATCH } from './limits';

/**
 * The bodies of the HTTP trigger API (what the `pusher` SDK sends) and the rules every publish
 * obeys, whichever way it comes in (HTTP or the in-process broadcaster).
 */
export const triggerBodySchema = z
  .object({
    name: eventNameSchema,
    /** The SDK JSON-encodes non-string data, so the API only ever sees strings. */
    data: z.string(),
    channels: z.array(channelNameSchema).min(1).max(MAX_CHANNELS_PER_TRIGGER).optional(),
    channel: channelNameSchema.optional(),
    socket_id: socketIdSchema.optional(),
    info: z.string().optional(),
  })
  .refine((body) => (body.channel === undefined) !== (body.channels === undefined), {
    message: 'Give either channel or channels',
    path: ['channels'],
  });
export type TriggerBody = z.infer<typeof triggerBodySchema>;

export const batchEventSchema = z.object({
  name: eventNameSchema,
  data: z.string(),
  channel: channelNameSchema,
  socket_id: socketIdSchema.optional(),
  info: z.string().optional(),
});
export type BatchEvent = z.infer<typeof batchEventSchema>;

export const batchBodySchema = z.object({
  batch: z
    .array(batchEventSchema)
    .min(1)
    .max(MAX_EVENTS_PER_BATCH, `A batch holds at most ${MAX_EVENTS_PER_BATCH} events`),
});

export function isDataTooLarge(data: string): boolean {
  return Buffer.byteLength(data, 'utf8') > MAX_EVENT_DATA_BYTES;
}

/** The SDK's rule: strings go as they are, anything else as JSON. */
export function encodeEventData(data: unknown): string {
  return typeof data === 'string' ? data : (JSON.stringify(data) ?? 'null');
}

/** One line per problem, the way the HTTP API reports a 400. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}

/**
 * For publishers inside this process: the same rules as the HTTP API, as an error to throw (a
 * bug in our code, not a user mistake). Any number of channels; callers split them into
 * triggers of at most MAX_CHANNELS_PER_TRIGGER.
 */
export function checkPublish(
  channels: readonly string[],
  event: string,
  data: string,
  excludeSocketId?: string,
) {
  const parsed = publishSchema.safeParse({ event, data, channels, excludeSocketId });
  if (!parsed.success) throw new Error(`Invalid publish: ${describeIssues(parsed.error)}`);
  if (isDataTooLarge(data))
    throw new Error(`Invalid publish: data is larger than ${MAX_EVENT_DATA_BYTES} bytes`);
}

const publishSchema = z.object({
  event: eventNameSchema,
  data: z.string(),
  channels: z.array(channelNameSchema).min(1),
  excludeSocketId: socketIdSchema.optional(),
});

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
