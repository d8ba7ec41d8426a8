import { z } from './zod';

/**
 * "Your data": an archive of everything an account wrote and uploaded, made in the background
 * and kept for a while for its owner to download (README "Your data").
 */
export const DATA_EXPORT_STATES = ['none', 'pending', 'building', 'ready', 'failed'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const dataExportStatusSchema = z.strictObject({
  /** none: never asked for, or expired; pending: waiting for a worker; building: being made. */
  state: z.enum(DATA_EXPORT_STATES),
  requestedAt: z.string().nullable(),
  /** Set once ready: when it was made, its size in bytes, and when it is deleted. */
  readyAt: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  expiresAt: z.string().nullable(),
  /** When a new archive may be asked for; null when it may be now. */
  nextRequestAt: z.string().nullable(),
});
export type DataExportStatus = z.output<typeof dataExportStatusSchema>;

export const dataExportResponseSchema = z.strictObject({ export: dataExportStatusSchema });
export type DataExportResponse = z.output<typeof dataExportResponseSchema>;

/** Asking for an archive takes no options. */
export const dataExportRequestSchema = z.object({}).strict();
