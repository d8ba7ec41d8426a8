import type { Platform } from '../../platform/platform';
import { CONFIRM_ATTEMPTS_PER_IP, CONFIRMATION_RESENDS_PER_ACCOUNT } from './email-confirmation.limits';
import { registerEmailConfirmationRoutes } from './email-confirmation.routes';
import { createEmailConfirmationService, type EmailConfirmationService } from './email-confirmation.service';

export interface EmailConfirmationFeature {
  service: EmailConfirmationService;
}

/** Confirmation links for new accounts' addresses and changed ones; sign-up is heard as `account.created`. */
export function emailConfirmationFeature(platform: Platform): EmailConfirmationFeature {
  const { config, db, events, instance, mail, rateLimiter } = platform;
  const service = createEmailConfirmationService({
    db,
    mail,
    instance,
    publicUrl: config.publicUrl,
    required: config.requireEmailConfirmation,
    limiters: {
      resendsPerAccount: rateLimiter(CONFIRMATION_RESENDS_PER_ACCOUNT),
      attemptsPerIp: rateLimiter(CONFIRM_ATTEMPTS_PER_IP),
    },
  });
  events.on('account.created', ({ userId }) => service.welcome(userId));
  platform.apiRoutes((api) => registerEmailConfirmationRoutes(api, { confirmation: service }));
  return { service };
}
