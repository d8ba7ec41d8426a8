import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database';
import type { PostCursor } from '../../platform/cursor/keyset-cursor';
import { openTestDatabase } from '../../test-support/test-app';
import { seededRandom } from '../../test-support/token-soup';
import { createTimelinesRepository, type EntryRow, type HomeQuery } from './timelines.repository';

/**
 * Both ways of reading Home (the window over the newest posts, and each source's own index),
 * and both ways of reading its reposts, against the rule written out in plain code, for every
 * reader and every page of a random instance: follows, followed tags, replies, reposts, blocks
 * and mutes, equal timestamps.
 */
const USERS = 24;
const POSTS = 600;
const PAGE = 7;
const TAGS = ['rust', 'tulips', '日本語'];

interface Seeded {
  id: string;
  author: number;
  createdAt: number;
  topLevel: boolean;
  tags: string[];
}

let database: DatabaseHandle;
const userId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const follows = new Map<number, Set<number>>();
const followedTags = new Map<number, Set<string>>();
const hidden = new Map<number, Set<number>>();
const posts: Seeded[] = [];
const REPOSTS = 300;

interface SeededRepost {
  id: string;
  reposter: number;
  post: Seeded;
  createdAt: number;
}
const reposts: SeededRepost[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const next = seededRandom(42);
  await db
    .insertInto('users')
    .values(
      Array.from({ length: USERS }, (_, i) => ({
        id: userId(i),
        email: `u${i}@home.test`,
        handle: `home_${i}`,
        handle_key: `home_${i}`,
        display_name: `Home ${i}`,
        password_hash: 'x',
        created_at: 1,
      })),
    )
    .execute();
  for (let reader = 0; reader < USERS; reader += 1) {
    // Some read almost nobody (the window finds too little), some read half the instance.
    const share = reader % 3 === 0 ? 0.04 : reader % 3 === 1 ? 0.2 : 0.5;
    const followed = new Set<number>();
    for (let author = 0; author < USERS; author += 1)
      if (author !== reader && next() < share) followed.add(author);
    follows.set(reader, followed);
    followedTags.set(reader, new Set(TAGS.filter(() => next() < 0.3)));
    hidden.set(reader, new Set());
  }
  // Reader 1 blocks 2 and mutes 3; 4 blocks reader 5.
  hidden.get(1)?.add(2).add(3);
  hidden.get(2)?.add(1);
  hidden.get(5)?.add(4);
  hidden.get(4)?.add(5);
  await db
    .insertInto('user_blocks')
    .values([
      { blocker_id: userId(1), blocked_id: userId(2), created_at: 1 },
      { blocker_id: userId(4), blocked_id: userId(5), created_at: 1 },
    ])
    .execute();
  await db
    .insertInto('user_mutes')
    .values({ muter_id: userId(1), muted_id: userId(3), created_at: 1 })
    .execute();
  const followRows = [...follows].flatMap(([reader, authors]) =>
    [...authors].map((author) => ({
      follower_id: userId(reader),
      followee_id: userId(author),
      created_at: 1,
    })),
  );
  await db.insertInto('follows').values(followRows).execute();
  const tagRows = [...followedTags].flatMap(([reader, tags]) =>
    [...tags].map((tag) => ({ user_id: userId(reader), tag, created_at: 1 })),
  );
  if (tagRows.length > 0) await db.insertInto('followed_hashtags').values(tagRows).execute();

  for (let i = 0; i < POSTS; i += 1) {
    const topLevel = next() < 0.8 || posts.length === 0;
    posts.push({
      // Every third post shares its millisecond with the one before: the id breaks the tie.
      id: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
      author: Math.floor(next() * USERS),
      createdAt: 1_700_000_000_000 + i - Math.floor(i / 3),
      topLevel,
      tags: TAGS.filter(() => next() < 0.1),
    });
  }
  await db
    .insertInto('posts')
    .values(
      posts.map((post) => ({
        id: post.id,
        author_id: userId(post.author),
        parent_id: post.topLevel ? null : (posts[0]?.id ?? null),
        body_html: '<p>x</p>',
        body_text: 'x',
        created_at: post.createdAt,
      })),
    )
    .execute();
  await db
    .insertInto('post_hashtags')
    .values(
      posts.flatMap((post) =>
        post.tags.map((tag) => ({
          post_id: post.id,
          tag,
          created_at: post.createdAt,
          author_id: userId(post.author),
          top_level: post.topLevel ? 1 : 0,
        })),
      ),
    )
    .execute();
});

beforeAll(async () => {
  const next = seededRandom(7);
  const topLevel = posts.filter((post) => post.topLevel);
  const taken = new Set<string>();
  for (let i = 0; reposts.length < REPOSTS; i += 1) {
    const reposter = Math.floor(next() * USERS);
    const post = topLevel[Math.floor(next() * topLevel.length)];
    if (!post || taken.has(`${reposter}:${post.id}`)) continue;
    taken.add(`${reposter}:${post.id}`);
    reposts.push({
      id: `00000000-0000-7000-9000-${String(i).padStart(12, '0')}`,
      reposter,
      post,
      // Among the posts' times, some on the same millisecond as a post or another repost.
      createdAt: 1_700_000_000_000 + Math.floor(next() * POSTS),
    });
  }
  await database.db
    .insertInto('reposts')
    .values(
      reposts.map((repost) => ({
        id: repost.id,
        user_id: userId(repost.reposter),
        post_id: repost.post.id,
        created_at: repost.createdAt,
      })),
    )
    .execute();
});

afterAll(async () => {
  await database?.close();
});

const newestFirst = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1);

/** The rule for reposts: by the reader or an account they follow, neither side hidden from them. */
function expectedReposts(reader: number): SeededRepost[] {
  return reposts
    .filter(
      (repost) =>
        (repost.reposter === reader || follows.get(reader)?.has(repost.reposter)) &&
        !hidden.get(reader)?.has(repost.reposter) &&
        !hidden.get(reader)?.has(repost.post.author),
    )
    .sort(newestFirst);
}

/** The rule, in plain code: top-level posts by the reader, by accounts or with tags they follow. */
function expectedHome(reader: number): string[] {
  return posts
    .filter(
      (post) =>
        post.topLevel &&
        !hidden.get(reader)?.has(post.author) &&
        (post.author === reader ||
          follows.get(reader)?.has(post.author) ||
          post.tags.some((tag) => followedTags.get(reader)?.has(tag))),
    )
    .sort(newestFirst)
    .map((post) => post.id);
}

type Plan = 'window' | 'sources' | 'both';

async function readAll(reader: number, plan: Plan, window: number): Promise<string[]> {
  const repo = createTimelinesRepository(database.db);
  const seen: string[] = [];
  let after: PostCursor | null = null;
  for (;;) {
    const query: HomeQuery = {
      readerId: userId(reader),
      after,
      limit: PAGE + 1,
      followsTags: (followedTags.get(reader)?.size ?? 0) > 0,
      isFiltered: (hidden.get(reader)?.size ?? 0) > 0,
      window,
    };
    let rows: EntryRow[];
    if (plan === 'sources') rows = await repo.homeFromSources(query);
    else {
      rows = await repo.homeFromWindow(query);
      if (plan === 'both' && rows.length < query.limit) rows = await repo.homeFromSources(query);
    }
    const page = rows.slice(0, PAGE);
    seen.push(...page.map((row) => row.id));
    const last = page.at(-1);
    if (rows.length <= PAGE || !last) return seen;
    after = { createdAt: Number(last.created_at), id: last.id };
  }
}

describe('the Home timeline', () => {
  it('reads every page from the sources exactly as the rule says', async () => {
    for (let reader = 0; reader < USERS; reader += 1)
      expect(await readAll(reader, 'sources', 0), `reader ${reader}`).toEqual(expectedHome(reader));
  });

  it('reads the same from the window, falling back to the sources when the window holds too little', async () => {
    for (const window of [16, 64, 10_000])
      for (let reader = 0; reader < USERS; reader += 1)
        expect(await readAll(reader, 'both', window), `reader ${reader}, window ${window}`).toEqual(
          expectedHome(reader),
        );
  });

  it('never answers a full page from the window that the sources would order differently', async () => {
    const repo = createTimelinesRepository(database.db);
    for (let reader = 0; reader < USERS; reader += 1) {
      const query: HomeQuery = {
        readerId: userId(reader),
        after: null,
        limit: PAGE + 1,
        followsTags: (followedTags.get(reader)?.size ?? 0) > 0,
        isFiltered: (hidden.get(reader)?.size ?? 0) > 0,
        window: 32,
      };
      const fromWindow = await repo.homeFromWindow(query);
      if (fromWindow.length === query.limit)
        expect(fromWindow.map((row) => row.id)).toEqual(expectedHome(reader).slice(0, query.limit));
    }
  });
});

describe("the Home timeline's reposts", () => {
  async function readAllReposts(reader: number, bySource: boolean): Promise<string[]> {
    const repo = createTimelinesRepository(database.db);
    const seen: string[] = [];
    let after: PostCursor | null = null;
    for (;;) {
      const rows = await repo.homeReposts({
        readerId: userId(reader),
        after,
        limit: PAGE + 1,
        isFiltered: (hidden.get(reader)?.size ?? 0) > 0,
        floor: null,
        bySource,
      });
      const page = rows.slice(0, PAGE);
      seen.push(...page.map((row) => `${row.id}>${row.post_id}@${row.reposter_id}`));
      const last = page.at(-1);
      if (rows.length <= PAGE || !last) return seen;
      after = { createdAt: Number(last.created_at), id: last.id };
    }
  }

  it('reads every page the same by source and by the newest reposts, as the rule says', async () => {
    for (let reader = 0; reader < USERS; reader += 1) {
      const expected = expectedReposts(reader).map(
        (repost) => `${repost.id}>${repost.post.id}@${userId(repost.reposter)}`,
      );
      expect(expected.length, `reader ${reader} sees some reposts`).toBeGreaterThan(0);
      for (const bySource of [true, false])
        expect(await readAllReposts(reader, bySource), `reader ${reader}, by source: ${bySource}`).toEqual(
          expected,
        );
    }
  });

  it('stops at the floor: nothing as old as the last post of a full page', async () => {
    const repo = createTimelinesRepository(database.db);
    for (let reader = 0; reader < USERS; reader += 1) {
      const all = expectedReposts(reader);
      const floorRepost = all[Math.floor(all.length / 2)];
      if (!floorRepost) continue;
      const floor = { id: floorRepost.id, created_at: floorRepost.createdAt };
      const above = all
        .filter(
          (repost) =>
            repost.createdAt > floor.created_at ||
            (repost.createdAt === floor.created_at && repost.id > floor.id),
        )
        .slice(0, PAGE + 1)
        .map((repost) => repost.id);
      for (const bySource of [true, false]) {
        const rows = await repo.homeReposts({
          readerId: userId(reader),
          after: null,
          limit: PAGE + 1,
          isFiltered: (hidden.get(reader)?.size ?? 0) > 0,
          floor,
          bySource,
        });
        expect(
          rows.map((row) => row.id),
          `reader ${reader}, by source: ${bySource}`,
        ).toEqual(above);
      }
    }
  });
});
