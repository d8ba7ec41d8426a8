import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/**
 * The authors a viewer must not see, as a query usable as a subquery in post reads: everyone
 * they block, everyone who blocks them, everyone they mute. Read paths add it only for viewers
 * who have any (SafetyService.hiddenAuthorsFor), so everyone else's pages keep their plain walk
 * down the posts index.
 */
export function hiddenAuthorsOf(db: Kysely<Database>, viewerId: string) {
  return db
    .selectFrom('user_blocks')
    .select('user_blocks.blocked_id as author_id')
    .where('user_blocks.blocker_id', '=', viewerId)
    .union(
      db
        .selectFrom('user_blocks')
        .select('user_blocks.blocker_id as author_id')
        .where('user_blocks.blocked_id', '=', viewerId),
    )
    .union(
      db
        .selectFrom('user_mutes')
        .select('user_mutes.muted_id as author_id')
        .where('user_mutes.muter_id', '=', viewerId),
    );
}
