import {
  MAIL_HISTORY_TTL_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_POLL_INTERVAL_MS,
  MAIL_RETRY_DELAYS_MS,
} from './limits';
import type { DueMail, MailOutbox } from './mail-outbox';
import type { MailTransport } from './mail-transport';
import { startPollingLoop } from '../concurrency/polling-loop';
import type { BodySeal } from './sealed-body';

export interface DeliveryLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailDeliveryDeps {
  outbox: MailOutbox;
  transport: MailTransport;
  seal: BodySeal;
  log: DeliveryLog;
  now?: () => number;
  pollIntervalMs?: number;
}

export interface MailDelivery {
  /** Looks for due messages now (a message was just queued) instead of at the next poll. */
  wake(): void;
  /** One round: sends what is due, returns how many were taken. Rounds never overlap. */
  deliverDue(): Promise<number>;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/** The wait before attempt `attempts + 1`, having made `attempts` (≥ 1) already; the last delay repeats. */
export function retryDelayMs(attempts: number): number {
  return MAIL_RETRY_DELAYS_MS[Math.min(attempts, MAIL_RETRY_DELAYS_MS.length) - 1] ?? 0;
}

/** One line for the admin: the server's reply or the network error, without a stack. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 500);
  const response = (error as { response?: unknown }).response;
  return (typeof response === 'string' ? response : error.message).slice(0, 500);
}

/**
 * Sends the outbox in the background on every node: polls, and wakes when a message is queued.
 * A failed attempt waits longer each time (MAIL_RETRY_DELAYS_MS) up to MAIL_MAX_ATTEMPTS, then the
 * message is kept as failed for the admin. Nothing here runs inside a request.
 */
export function startMailDelivery(deps: MailDeliveryDeps): MailDelivery {
  const { outbox, transport, seal, log, now = Date.now, pollIntervalMs = MAIL_POLL_INTERVAL_MS } = deps;
  async function sendOne(mail: DueMail): Promise<void> {
    try {
      const body = seal.open(mail.sealedBody);
      await transport.send({ to: mail.to, subject: mail.subject, ...body });
      await outbox.markSent(mail.id, now());
      log.info({ mailId: mail.id, kind: mail.kind }, 'e-mail sent');
    } catch (error) {
      const attempts = mail.attempts + 1;
      const reason = describeFailure(error);
      if (attempts >= MAIL_MAX_ATTEMPTS) {
        await outbox.markFailed(mail.id, now(), reason);
        log.error({ mailId: mail.id, kind: mail.kind, attempts, reason }, 'e-mail given up');
      } else {
        await outbox.scheduleRetry(mail.id, attempts, now() + retryDelayMs(attempts), reason);
        log.warn({ mailId: mail.id, kind: mail.kind, attempts, reason }, 'e-mail not sent; will retry');
      }
    }
  }

  async function round(): Promise<number> {
    const due = await outbox.claimDue(now());
    for (const mail of due) await sendOne(mail);
    await outbox.deleteFinishedBefore(now() - MAIL_HISTORY_TTL_MS);
    return due.length;
  }

  const loop = startPollingLoop({
    round,
    pollIntervalMs,
    onError: (err) => log.error({ err }, 'the e-mail outbox could not be read'),
  });
  return {
    wake: loop.wake,
    deliverDue: loop.runOnce,
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}
