import type { Platform } from '../../platform/platform';
import type { UsersFeature } from '../users';
import {
  RESET_ATTEMPTS_PER_IP,
  RESET_REQUESTS_PER_ADDRESS,
  RESET_REQUESTS_PER_IP,
} from './password-reset.limits';
import { registerPasswordResetRoutes } from './password-reset.routes';
import { createPasswordResetService } from './password-reset.service';

/** "Forgot your password?": a single-use link by e-mail, then a new password and no old sessions. */
export function passwordResetFeature(platform: Platform, { users }: { users: UsersFeature }): void {
  const { app, config, db, instance, mail, passwords, rateLimiter } = platform;
  const reset = createPasswordResetService({
    db,
    users: users.repository,
    mail,
    instance,
    publicUrl: config.publicUrl,
    passwords,
    limiters: {
      requestsPerAddress: rateLimiter(RESET_REQUESTS_PER_ADDRESS),
      requestsPerIp: rateLimiter(RESET_REQUESTS_PER_IP),
      attemptsPerIp: rateLimiter(RESET_ATTEMPTS_PER_IP),
    },
    inBackground: (work) => {
      work().catch((err: unknown) => app.log.error({ err }, 'a password-reset e-mail could not be queued'));
    },
  });
  platform.apiRoutes((api) => registerPasswordResetRoutes(api, { reset }));
}
