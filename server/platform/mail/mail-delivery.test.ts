import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type SmtpTestServer,
  startDroppingServer,
  startSmtpTestServer,
} from '../../test-support/smtp-test-server';
import { openTestDatabase } from '../../test-support/test-app';
import type { DatabaseHandle } from '../db/database';
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_MS } from './limits';
import { type DeliveryLog, type MailDelivery, retryDelayMs, startMailDelivery } from './mail-delivery';
import { createMailOutbox, type MailOutbox } from './mail-outbox';
import { createMailTransport } from './mail-transport';
import { createMailer, type MailMessage } from './mailer';
import { createBodySeal } from './sealed-body';

const SECRET = 'a session secret of at least thirty-two characters';
const RESET_LINK = 'http://tidings.test/reset-password#token=secret-token-value';
const MESSAGE: MailMessage = {
  kind: 'password-reset',
  to: 'ana@example.com',
  subject: 'Reset your password',
  text: `Open this link:\n${RESET_LINK}`,
  html: `<p><a href="${RESET_LINK}">Reset</a></p>`,
};
const quiet: DeliveryLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

let database: DatabaseHandle;
let outbox: MailOutbox;
let clock: number;
const deliveries: MailDelivery[] = [];

beforeEach(async () => {
  database = await openTestDatabase();
  outbox = createMailOutbox(database.db);
  clock = Date.now();
});
afterEach(async () => {
  for (const delivery of deliveries.splice(0)) await delivery.stop();
  await database.close();
});

/** A node's sender to `url`, on the test's clock, polling never: the test drives each round. */
function deliveryTo(url: string, log: DeliveryLog = quiet): MailDelivery {
  const delivery = startMailDelivery({
    outbox,
    transport: createMailTransport({ kind: 'smtp', url, from: 'Tidings <no-reply@tidings.test>' }, log),
    seal: createBodySeal(SECRET),
    log,
    now: () => clock,
    pollIntervalMs: 3_600_000,
  });
  deliveries.push(delivery);
  return delivery;
}

/** Queues as the app does, at the test's clock; the test runs the rounds itself. */
async function queue(message = MESSAGE): Promise<void> {
  await createMailer(outbox, createBodySeal(SECRET), { wake: () => undefined }, () => clock).queue(message);
}

const rows = () => database.db.selectFrom('mail_outbox').selectAll().execute();

describe('mail delivery over SMTP', () => {
  let smtp: SmtpTestServer;
  beforeEach(async () => {
    smtp = await startSmtpTestServer();
  });
  afterEach(async () => {
    await smtp.close();
  });

  it('sends a queued message with its text and HTML parts, once, and keeps no body after', async () => {
    const delivery = deliveryTo(smtp.url);
    await queue();
    expect(await delivery.deliverDue()).toBe(1);
    expect(await delivery.deliverDue()).toBe(0);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('no-reply@tidings.test');
    expect(mail?.to).toEqual(['ana@example.com']);
    expect(mail?.raw).toMatch(/^Subject: Reset your password$/m);
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);
    expect(mail?.raw).toContain('secret-token-value');
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', sealed_body: null, last_error: null });
    expect(Number(row?.attempts)).toBe(1);
  });

  it("carries a message's own headers (List-Unsubscribe on notification e-mail), sealed while it waits", async () => {
    const delivery = deliveryTo(smtp.url);
    const unsubscribe = '<https://tidings.test/email/unsubscribe?u=1&k=reply&t=signed-value>';
    await queue({
      ...MESSAGE,
      headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(JSON.stringify(await rows())).not.toContain('signed-value');
    expect(await delivery.deliverDue()).toBe(1);
    // Long header lines arrive folded (RFC 5322): unfolded before they are read.
    const raw = (smtp.received[0]?.raw ?? '').replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toContain(`List-Unsubscribe: ${unsubscribe}`);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  });

  it('keeps the link sealed while the message waits: the stored row does not contain it', async () => {
    await queue();
    const [row] = await rows();
    expect(row?.sealed_body).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain('secret-token-value');
    expect(() => createBodySeal(`${SECRET}, but another`).open(row?.sealed_body ?? '')).toThrow();
  });

  it('retries a refused message after each back-off and sends it once the server accepts', async () => {
    const delivery = deliveryTo(smtp.url);
    smtp.refuseNext(2, 451, 'Try again later');
    await queue();

    expect(await delivery.deliverDue()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending' });
    expect(row?.last_error).toContain('451');
    expect(Number(row?.next_attempt_at)).toBe(clock + retryDelayMs(1));
    // Not due before its back-off ends.
    clock += retryDelayMs(1) - 1;
    expect(await delivery.deliverDue()).toBe(0);
    clock += 1;
    expect(await delivery.deliverDue()).toBe(1);
    [row] = await rows();
    expect(Number(row?.next_attempt_at)).toBe(clock + retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
    clock += retryDelayMs(2);
    expect(await delivery.deliverDue()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', sealed_body: null });
    expect(Number(row?.attempts)).toBe(3);
  });

  it('gives a message up after the last attempt and keeps the failure for the admin', async () => {
    const errors: object[] = [];
    const delivery = deliveryTo(smtp.url, { ...quiet, error: (details) => void errors.push(details) });
    smtp.refuseNext(MAIL_MAX_ATTEMPTS, 550, 'No such mailbox here');
    await queue();
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      expect(await delivery.deliverDue()).toBe(1);
      clock += MAIL_RETRY_DELAYS_MS[MAIL_RETRY_DELAYS_MS.length - 1] ?? 0;
    }
    expect(await delivery.deliverDue()).toBe(0);

    expect(smtp.received).toHaveLength(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', sealed_body: null });
    expect(Number(row?.attempts)).toBe(MAIL_MAX_ATTEMPTS);
    expect(row?.last_error).toContain('550');
    expect(errors).toHaveLength(1);
    const failures = await outbox.listFailures();
    expect(failures).toEqual([
      expect.objectContaining({ kind: 'password-reset', to: 'ana@example.com', attempts: MAIL_MAX_ATTEMPTS }),
    ]);
    expect(await outbox.countByStatus()).toEqual({ pending: 0, sent: 0, failed: 1 });
  });

  it('sends each message from one node only when two nodes share the outbox', async () => {
    const first = deliveryTo(smtp.url);
    const second = deliveryTo(smtp.url);
    for (let n = 0; n < 6; n += 1) await queue({ ...MESSAGE, subject: `Message ${n}` });
    const taken = await Promise.all([first.deliverDue(), second.deliverDue()]);
    expect(taken[0] + taken[1]).toBe(6);
    expect(smtp.received).toHaveLength(6);
    expect(new Set(smtp.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1])).size).toBe(6);
  });
});

describe('mail delivery to a server that drops the connection', () => {
  it('counts each drop as a failed attempt and loses nothing', async () => {
    const dropping = await startDroppingServer();
    try {
      const delivery = deliveryTo(dropping.url);
      await queue();
      expect(await delivery.deliverDue()).toBe(1);
      expect(dropping.connections()).toBe(1);
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending' });
      expect(row?.sealed_body).toBeTruthy();
      expect(row?.last_error).toBeTruthy();
    } finally {
      await dropping.close();
    }
    // The server comes back (another one, at a new address): the same message goes out.
    const smtp = await startSmtpTestServer();
    try {
      clock += retryDelayMs(1);
      expect(await deliveryTo(smtp.url).deliverDue()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.raw).toContain('secret-token-value');
    } finally {
      await smtp.close();
    }
  });
});

describe('the outbox folder (no SMTP_URL)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tidings-outbox-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each message as an .eml file only the server can read, and logs its links', async () => {
    const logged: object[] = [];
    const transport = createMailTransport(
      { kind: 'folder', dir: join(dir, 'outbox'), from: 'Tidings <no-reply@localhost>' },
      { info: (details) => void logged.push(details) },
    );
    await transport.send({
      to: MESSAGE.to,
      subject: MESSAGE.subject,
      text: MESSAGE.text,
      html: MESSAGE.html,
    });
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = join(dir, 'outbox', files[0] ?? '');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const raw = readFileSync(file, 'utf8');
    expect(raw).toMatch(/^To: ana@example\.com$/m);
    expect(raw).toMatch(/^From: Tidings <no-reply@localhost>$/m);
    expect(raw).toMatch(/multipart\/alternative/);
    expect(logged).toEqual([expect.objectContaining({ to: MESSAGE.to, links: [RESET_LINK] })]);
    transport.close();
  });
});
