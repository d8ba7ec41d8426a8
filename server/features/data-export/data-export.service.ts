import { randomUUID } from 'node:crypto';
import type { DataExportStatus } from '../../../common/contracts/data-export';
import { errors } from '../../errors';
import type { FileDownload } from '../../http/route-table';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/db-errors';
import type { ObjectStorage } from '../../platform/storage/object-storage';
import { createUsersRepository } from '../users';
import { iso } from './archive-files';
import { createDataExportsRepository, type DataExportRow } from './data-exports.repository';
import { DATA_EXPORT_INTERVAL_MS } from './limits';

export interface DataExportServiceDeps {
  db: Db;
  storage: ObjectStorage;
  /** Starts a build round now rather than at the next poll. */
  wake: () => void;
  now?: () => number;
}

const NONE: DataExportStatus = {
  state: 'none',
  requestedAt: null,
  readyAt: null,
  sizeBytes: null,
  expiresAt: null,
  nextRequestAt: null,
};

/** When the account may ask again: a failed archive does not make it wait. */
function nextRequestAt(row: DataExportRow, now: number): number | null {
  if (row.state === 'failed') return null;
  const at = Number(row.requested_at) + DATA_EXPORT_INTERVAL_MS;
  return at > now ? at : null;
}

function present(row: DataExportRow | undefined, now: number): DataExportStatus {
  // Past its time but not swept yet: already gone as far as the account is concerned.
  if (!row || (row.expires_at !== null && Number(row.expires_at) <= now)) return NONE;
  const isBuilding = row.state === 'building' && row.lease_until !== null && Number(row.lease_until) > now;
  return {
    state: row.state === 'building' && !isBuilding ? 'pending' : row.state,
    requestedAt: iso(row.requested_at),
    readyAt: row.state === 'ready' ? iso(row.ready_at) : null,
    sizeBytes: row.state === 'ready' && row.size_bytes !== null ? Number(row.size_bytes) : null,
    expiresAt: row.state === 'ready' ? iso(row.expires_at) : null,
    nextRequestAt: iso(nextRequestAt(row, now)),
  };
}

/** "tidings-ana-2026-11-28.zip": the handle is letters, digits and `_`, so the name is safe as it is. */
export function archiveFilename(handle: string, readyAt: number): string {
  return `tidings-${handle}-${new Date(readyAt).toISOString().slice(0, 10)}.zip`;
}

/** The account's side of "Your data": its state, asking for a new archive, the download. */
export function createDataExportService({ db, storage, wake, now = Date.now }: DataExportServiceDeps) {
  const exports = createDataExportsRepository(db);

  return {
    async status(userId: string): Promise<DataExportStatus> {
      return present(await exports.findByUser(userId), now());
    },

    /**
     * One archive at a time, a new one at most once per DATA_EXPORT_INTERVAL_MS; it replaces
     * the previous one, whose file goes.
     */
    async request(userId: string): Promise<DataExportStatus> {
      const at = now();
      const previous = await exports.findByUser(userId);
      const isOver =
        previous !== undefined && previous.expires_at !== null && Number(previous.expires_at) <= at;
      if (previous && !isOver) {
        if (previous.state === 'pending' || previous.state === 'building')
          throw errors.dataExportInProgress();
        const waitUntil = nextRequestAt(previous, at);
        if (waitUntil !== null) throw errors.dataExportTooSoon(Math.ceil((waitUntil - at) / 1000));
      }
      if (previous) {
        await exports.deleteById(previous.id);
        if (previous.storage_key) await storage.delete([previous.storage_key]);
      }
      try {
        await exports.insert({ id: randomUUID(), userId, at });
      } catch (err) {
        // Another request of the same account got in first.
        if (isUniqueViolation(err)) throw errors.dataExportInProgress();
        throw err;
      }
      wake();
      return present(await exports.findByUser(userId), at);
    },

    /** The account's ready archive; anyone else's cannot even be named. */
    async download(userId: string): Promise<FileDownload> {
      const row = await exports.findByUser(userId);
      const at = now();
      if (
        !row ||
        row.state !== 'ready' ||
        row.storage_key === null ||
        row.ready_at === null ||
        (row.expires_at !== null && Number(row.expires_at) <= at)
      )
        throw errors.dataExportUnavailable();
      const stored = await storage.open(row.storage_key);
      if (!stored) throw errors.dataExportUnavailable();
      const user = await createUsersRepository(db).findById(userId);
      if (!user) throw errors.unauthenticated();
      return {
        body: stored.body,
        size: stored.size,
        filename: archiveFilename(user.handle, Number(row.ready_at)),
      };
    },

    /** Deleting an account: its row goes with it (cascade), its archive's file right after. */
    async removeAllOf(userId: string, removeOwner: () => Promise<void>): Promise<void> {
      const row = await exports.findByUser(userId);
      await removeOwner();
      if (row?.storage_key) await storage.delete([row.storage_key]);
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
