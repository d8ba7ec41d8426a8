import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailStatusResponse } from '../../../common/contracts/mail';
import { createMailOutbox } from '../../platform/mail/mail-outbox';
import { type SmtpTestServer, startSmtpTestServer } from '../../test-support/smtp-test-server';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';

let smtp: SmtpTestServer;
let t: TestApp;
beforeEach(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Tidings <no-reply@tidings.test>',
    // Only the messages the tests ask for: no confirmation links at sign-up.
    REQUIRE_EMAIL_CONFIRMATION: 'false',
  });
});
afterEach(async () => {
  await t.close();
  await smtp.close();
});

async function status(cookie: string): Promise<MailStatusResponse> {
  const response = await t.api({ method: 'GET', url: '/api/v1/admin/mail', cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MailStatusResponse>();
}

describe('the admin view of outgoing e-mail', () => {
  it("shows a message the mail server refused as waiting, with the server's answer once it is given up", async () => {
    const admin = await signedUpUser(t);
    const ana = await signedUpUser(t);
    smtp.refuseNext(1, 550, 'Mailbox unavailable');
    const asked = await t.api({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: ana.account.email },
    });
    expect(asked.statusCode).toBe(204);

    // The app's own sender tries at once, in the background; the refusal leaves it waiting.
    const firstTry = () => t.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirst();
    await expect.poll(async () => (await firstTry())?.last_error ?? null).toContain('550');
    const row = await firstTry();
    expect((await status(admin.cookie)).counts).toEqual({ pending: 1, sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);

    // Given up (as after the last attempt): the admin sees whom it was for and why.
    await createMailOutbox(t.database.db).markFailed(row?.id ?? '', Date.now(), row?.last_error ?? '');
    const seen = await status(admin.cookie);
    expect(seen.transport).toBe('smtp');
    expect(seen.counts).toEqual({ pending: 0, sent: 0, failed: 1 });
    expect(seen.failures).toEqual([
      {
        id: row?.id,
        kind: 'password-reset',
        to: ana.account.email,
        subject: 'Reset your password on Tidings',
        attempts: 2,
        lastError: expect.stringContaining('Mailbox unavailable'),
        createdAt: expect.any(String),
        failedAt: expect.any(String),
      },
    ]);
  });

  it('counts a message the server accepted as sent', async () => {
    const admin = await signedUpUser(t);
    await t.api({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: admin.account.email },
    });
    await expect
      .poll(async () => (await status(admin.cookie)).counts)
      .toEqual({ pending: 0, sent: 1, failed: 0 });
    expect(smtp.received.map((mail) => mail.to)).toEqual([[admin.account.email]]);
  });
});
