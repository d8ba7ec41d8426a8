import { randomUUID } from 'node:crypto';
import { type PollingLoop, startPollingLoop } from '../../platform/concurrency/polling-loop';
import type { Db } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail/mailer';
import type { ObjectStorage } from '../../platform/storage/object-storage';
import type { NotificationsService } from '../notifications';
import { createUsersRepository } from '../users';
import { AccountGoneError, buildArchive } from './build-archive';
import { dataExportReadyMail, dataExportSettingsLink } from './data-export.mail';
import { type ClaimedExport, createDataExportsRepository } from './data-exports.repository';
import {
  DATA_EXPORT_LEASE_MS,
  DATA_EXPORT_MAX_ATTEMPTS,
  DATA_EXPORT_PAGE_SIZE,
  DATA_EXPORT_POLL_INTERVAL_MS,
  DATA_EXPORT_RETRY_DELAY_MS,
  DATA_EXPORT_TTL_MS,
} from './limits';

export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface DataExportJobDeps {
  db: Db;
  storage: ObjectStorage;
  notifications: Pick<NotificationsService, 'notice'>;
  mail: Mailer;
  instanceName: () => Promise<string>;
  publicUrl: string;
  log: JobLog;
  now?: () => number;
  pollIntervalMs?: number;
}

export interface DataExportJob {
  /** Looks for work now (an archive was just asked for) instead of at the next poll. */
  wake(): void;
  /**
   * One round: deletes archives past their time, then builds what is due, one after another.
   * Answers how many builds it took on. Rounds never overlap: a call during one waits for it.
   */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/** Builds claimed per round: each is a long stream, and the other nodes take the rest. */
const BUILDS_PER_ROUND = 2;

/** The storage key of an archive: its own id, so a new archive never overwrites an old one. */
const keyOf = (exportId: string) => `exports/${exportId}.zip`;

/** One line for the logs and the row, without a stack. */
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * The background job every node runs, like the e-mail sender: polls, wakes on a request,
 * claims each build with a lease (so two nodes never build the same archive, and one whose node
 * died is taken over once its lease runs out), renews the lease while it streams, and never lets
 * a failure out: a failed build is logged and tried again up to DATA_EXPORT_MAX_ATTEMPTS, then
 * marked failed.
 */
export function startDataExportJob(deps: DataExportJobDeps): DataExportJob {
  const { db, storage, notifications, mail, instanceName, publicUrl, log, now = Date.now } = deps;
  const exports = createDataExportsRepository(db);

  async function sweep(): Promise<void> {
    for (;;) {
      const expired = await exports.expired(now(), DATA_EXPORT_PAGE_SIZE);
      for (const row of expired) {
        // The file first: a row without its file would offer a download that fails.
        if (row.storage_key) await storage.delete([row.storage_key]);
        await exports.deleteById(row.id);
      }
      if (expired.length < DATA_EXPORT_PAGE_SIZE) return;
    }
  }

  async function announce(claimed: ClaimedExport): Promise<void> {
    const user = await createUsersRepository(db).findById(claimed.userId);
    if (!user) return;
    await notifications.notice(user.id, 'data-export-ready');
    await mail.queue(
      dataExportReadyMail(
        { email: user.email, displayName: user.display_name, handle: user.handle },
        dataExportSettingsLink(publicUrl),
        await instanceName(),
      ),
    );
  }

  async function fail(claimed: ClaimedExport, err: unknown): Promise<void> {
    const reason = reasonOf(err);
    if (claimed.attempts >= DATA_EXPORT_MAX_ATTEMPTS) {
      await exports.markFailed(claimed, reason, now() + DATA_EXPORT_TTL_MS);
      log.error({ exportId: claimed.id, attempts: claimed.attempts, reason }, 'data export given up');
    } else {
      await exports.scheduleRetry(claimed, now() + DATA_EXPORT_RETRY_DELAY_MS, reason);
      log.error(
        { exportId: claimed.id, attempts: claimed.attempts, reason },
        'data export failed; will retry',
      );
    }
  }

  async function build(claimed: ClaimedExport): Promise<void> {
    if (claimed.attempts > DATA_EXPORT_MAX_ATTEMPTS) {
      // Its builds keep dying with their node (a crash, an out-of-memory kill): stop here.
      await fail(claimed, new Error('the build stopped without finishing too many times'));
      return;
    }
    const key = keyOf(claimed.id);
    const renewal = setInterval(() => {
      exports.renewLease(claimed, now() + DATA_EXPORT_LEASE_MS).catch((err: unknown) => {
        log.error({ err, exportId: claimed.id }, 'the lease of a data export could not be renewed');
      });
    }, DATA_EXPORT_LEASE_MS / 3);
    renewal.unref();
    try {
      const at = now();
      const { sizeBytes } = await buildArchive(
        { db, storage, publicUrl, instanceName: await instanceName() },
        claimed.userId,
        key,
        at,
      );
      // One reading of the clock: two could straddle a millisecond and make the archive's life 1 ms too long.
      const readyAt = now();
      const isMarked = await exports.markReady(claimed, {
        storageKey: key,
        sizeBytes,
        at: readyAt,
        expiresAt: readyAt + DATA_EXPORT_TTL_MS,
      });
      if (!isMarked) {
        // The account was deleted meanwhile, or another node took the build over.
        await storage.delete([key]);
        return;
      }
      log.info({ exportId: claimed.id, sizeBytes }, 'data export ready');
      await announce(claimed);
    } catch (err) {
      if (err instanceof AccountGoneError) return;
      await fail(claimed, err);
    } finally {
      clearInterval(renewal);
    }
  }

  async function round(): Promise<number> {
    await sweep();
    let taken = 0;
    for (const id of await exports.dueIds(now(), BUILDS_PER_ROUND)) {
      if (loop.isStopped) break;
      const claimed = await exports.claim(id, randomUUID(), now(), DATA_EXPORT_LEASE_MS);
      if (!claimed) continue;
      taken += 1;
      await build(claimed);
    }
    return taken;
  }

  const loop: PollingLoop = startPollingLoop({
    round,
    pollIntervalMs: deps.pollIntervalMs ?? DATA_EXPORT_POLL_INTERVAL_MS,
    onError: (err) => log.error({ err }, 'the data export job could not run'),
  });
  return { wake: loop.wake, runOnce: loop.runOnce, stop: loop.stop };
}
