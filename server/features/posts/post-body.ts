import { POST_BODY_MAX_LENGTH } from '../../../common/contracts/posts';
import { errors } from '../../errors';
import { sanitizePostBody } from '../rich-text';
import type { UsersService } from '../users';

export interface PreparedPostBody {
  html: string;
  text: string;
  /** Existing accounts the body mentions, in order of first mention. */
  mentionedUserIds: string[];
  /** Keys of the hashtags the body links, in order of first use, at most MAX_HASHTAGS_PER_POST. */
  hashtags: string[];
}

/**
 * Sanitises a body and settles its mentions: a mention of an existing account links to it under
 * the handle as the account spells it; a mention of nobody becomes plain `@handle` text. The
 * limits apply to the text that is left, which is what readers see and the composer counts.
 */
export async function preparePostBody(input: string, users: UsersService): Promise<PreparedPostBody> {
  const draft = sanitizePostBody(input);
  checkTextLength(draft.text);
  if (draft.mentionHandles.length === 0) {
    return { html: draft.html, text: draft.text, mentionedUserIds: [], hashtags: draft.hashtags };
  }

  const accounts = await users.findByHandles(draft.mentionHandles);
  const byKey = new Map(accounts.map((account) => [account.handle.toLowerCase(), account]));
  const body = sanitizePostBody(draft.html, {
    resolveMention: (handle) => byKey.get(handle.toLowerCase())?.handle ?? null,
  });
  checkTextLength(body.text);
  const mentionedUserIds = body.mentionHandles.flatMap((handle) => byKey.get(handle.toLowerCase())?.id ?? []);
  return { html: body.html, text: body.text, mentionedUserIds, hashtags: body.hashtags };
}

function checkTextLength(text: string): void {
  if (text.length === 0) throw errors.bodyEmpty();
  if (text.length > POST_BODY_MAX_LENGTH) throw errors.bodyTooLong();
}
