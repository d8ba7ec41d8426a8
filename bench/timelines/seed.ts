import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { SESSION_TTL_MS } from '../../server/features/auth/auth.limits';
import { sessionIdFor } from '../../server/features/auth/session-token';
import type { PostCursor } from '../../server/platform/cursor/keyset-cursor';
import type { Db } from '../../server/platform/db/database';
import { isPostgres } from '../../server/platform/db/dialect';
import { seedPosts, seededPostId } from '../../server/test-support/seed-posts';
import { benchAuthors } from '../bench-authors';
import { ACCOUNTS, POST_TIERS, type SocialGraph, TOTAL_POSTS } from './social-graph';

/** Posts are this far apart on average: a million span about 58 days. */
const MEAN_POST_SPACING_MS = 5_000;
export const TIME_SPAN_MS = TOTAL_POSTS * MEAN_POST_SPACING_MS;
const HANDLE_PREFIX = 'author_';
/** Rows per multi-row insert: under SQLite's 32,766 bound parameters at up to 7 columns. */
const INSERT_CHUNK_ROWS = 4_000;
/** One post in this many carries a hashtag (2 %), written with it into post_hashtags. */
const TAGGED_EVERY = 50;
const TAGS = [
  'photography',
  'cycling',
  'gardening',
  'jazz',
  'rust',
  'typescript',
  'baking',
  'hiking',
  'birds',
  'chess',
  'climbing',
  'coffee',
  'film',
  'football',
  'knitting',
  'linux',
  'poetry',
  'running',
  'sailing',
  'space',
];
/** One reader in this many follows one to three hashtags. */
const TAG_FOLLOWER_EVERY = 10;
const MAX_FOLLOWED_TAGS = 3;

export interface SeededInstance {
  /** rank → user id (rank 0 is the most followed account). */
  userIds: string[];
  /** Whether the reader of that rank follows any hashtag. */
  followsTags: (rank: number) => boolean;
  firstAt: number;
  lastAt: number;
  hashtagRows: number;
}

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK_ROWS) await insert(rows.slice(i, i + INSERT_CHUNK_ROWS));
}

/**
 * The accounts, their follows, a million top-level posts in POST_TIERS (each tier one seedPosts
 * statement; the tiers' times fall on different residues of their spacing, so no two posts share
 * a millisecond) and the tags some of them carry. Left out of the search index: nothing here
 * searches.
 */
export async function seedInstance(db: Db, graph: SocialGraph, now: number): Promise<SeededInstance> {
  const firstAt = now - TIME_SPAN_MS;
  const authors = benchAuthors(ACCOUNTS, firstAt, (i) => `Account ${i}`);
  const userIds = authors.map((author) => author.id);
  await db.transaction().execute(async (trx) => {
    await insertChunked(authors, (chunk) => trx.insertInto('users').values(chunk).execute());
    const follows = graph.following.flatMap((followees, follower) =>
      followees.map((followee) => ({
        follower_id: userIds[follower] ?? '',
        followee_id: userIds[followee] ?? '',
        created_at: firstAt,
      })),
    );
    await insertChunked(follows, (chunk) => trx.insertInto('follows').values(chunk).execute());
  });

  const residues = POST_TIERS.length;
  const hashtags: {
    post_id: string;
    tag: string;
    created_at: number;
    author_id: string;
    top_level: number;
  }[] = [];
  let lastAt = firstAt;
  for (const [tier, { authors: tierAuthors, posts }] of POST_TIERS.entries()) {
    const spacingMs = Math.floor(TIME_SPAN_MS / posts / residues) * residues;
    const tierFirstAt = firstAt + tier;
    await seedPosts(db, {
      count: posts,
      authors: tierAuthors,
      authorHandlePrefix: HANDLE_PREFIX,
      firstAt: tierFirstAt,
      spacingMs,
      searchIndexed: false,
    });
    lastAt = Math.max(lastAt, tierFirstAt + (posts - 1) * spacingMs);
    // The same posts seedPosts wrote (its id and author rule), so the tag rows match them.
    for (let i = 0; i < posts; i += TAGGED_EVERY) {
      const createdAt = tierFirstAt + i * spacingMs;
      hashtags.push({
        post_id: seededPostId(createdAt, i),
        tag: TAGS[(i / TAGGED_EVERY + tier) % TAGS.length] ?? 'bench',
        created_at: createdAt,
        author_id: userIds[i % tierAuthors] ?? '',
        top_level: 1,
      });
    }
  }

  const followsTags = (rank: number) => rank % TAG_FOLLOWER_EVERY === 3;
  const followedTags = userIds.flatMap((userId, rank) =>
    followsTags(rank)
      ? Array.from({ length: 1 + (rank % MAX_FOLLOWED_TAGS) }, (_, k) => ({
          user_id: userId,
          tag: TAGS[(Math.floor(rank / TAG_FOLLOWER_EVERY) + k) % TAGS.length] ?? 'bench',
          created_at: firstAt,
        }))
      : [],
  );
  await db.transaction().execute(async (trx) => {
    await insertChunked(hashtags, (chunk) => trx.insertInto('post_hashtags').values(chunk).execute());
    await insertChunked(followedTags, (chunk) => trx.insertInto('followed_hashtags').values(chunk).execute());
  });
  // A live PostgreSQL has statistics by the time anyone reads (autovacuum analyzes new tables);
  // SQLite gets none, as the app never runs ANALYZE.
  if (isPostgres(db)) await sql`analyze`.execute(db);
  return { userIds, followsTags, firstAt, lastAt, hashtagRows: hashtags.length };
}

/**
 * Sessions for these accounts, written straight into the database as sign-in would write them
 * (sign-up through the API is rate-limited per address). Returns each one's Cookie header.
 */
export async function signIn(
  db: Db,
  userIds: readonly string[],
  sessionSecret: string,
  cookieName: string,
  now: number,
): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  const rows = userIds.map((userId, i) => ({
    id: sessionIdFor(tokens[i] ?? '', sessionSecret),
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: now + SESSION_TTL_MS,
    user_agent: 'timelines bench',
    ip: '127.0.0.1',
  }));
  await insertChunked(rows, (chunk) => db.insertInto('sessions').values(chunk).execute());
  return tokens.map((token) => `${cookieName}=${token}`);
}

/** The key of the newest top-level post at or before `at`: a cursor a client could hold. */
export async function postKeyAt(db: Db, at: number): Promise<PostCursor> {
  const { rows } = await sql<{ id: string; created_at: number | string }>`
    select id, created_at from posts where parent_id is null and created_at <= ${at}
    order by created_at desc, id desc limit 1`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`no post at or before ${at}`);
  return { createdAt: Number(row.created_at), id: row.id };
}
