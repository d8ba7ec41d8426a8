import { routes } from '../../../common/api/routes';
import type { MailStatusResponse } from '../../../common/contracts/mail';
import { errors } from '../../errors';
import { defineRoute } from '../../http/route-table';
import type { MailOutbox } from '../../platform/mail/mail-outbox';
import type { Platform } from '../../platform/platform';
import type { AdminsService } from '../admins';
import { requireUser } from '../auth';

const iso = (epochMs: number) => new Date(epochMs).toISOString();

async function mailStatus(
  outbox: MailOutbox,
  transport: MailStatusResponse['transport'],
): Promise<MailStatusResponse> {
  const [counts, failures] = await Promise.all([outbox.countByStatus(), outbox.listFailures()]);
  return {
    transport,
    counts,
    failures: failures.map((failure) => ({
      ...failure,
      createdAt: iso(failure.createdAt),
      failedAt: failure.failedAt === null ? null : iso(failure.failedAt),
    })),
  };
}

/** The admin's view of the e-mail outbox: a mail server that refuses shows up here. */
export function mailAdminFeature(platform: Platform, { admins }: { admins: AdminsService }): void {
  const { config, mailOutbox } = platform;
  platform.apiRoutes((api) => {
    defineRoute(api, routes['admin.mail'], async (request) => {
      const user = requireUser(request);
      if (!(await admins.isAdmin(user.id))) throw errors.adminOnly();
      return mailStatus(mailOutbox, config.mail.kind);
    });
  });
}
