/** The password-reset feature's public face: what the admin command line uses of it. */
import type { Db } from '../../platform/db/database';
import { createAccountTokensRepository } from '../users';
import { issueResetLink } from './password-reset.service';

export { PASSWORD_RESET_TOKEN_TTL_MS } from './password-reset.limits';

/** A reset link for the account, as the e-mail would carry it: single use, valid for an hour. */
export function makeResetLink(db: Db, userId: string, publicUrl: string, at = Date.now()): Promise<string> {
  return issueResetLink(createAccountTokensRepository(db), userId, publicUrl, at);
}
