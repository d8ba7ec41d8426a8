import { testDatabaseServerUrl } from '../../test-support/test-database';
import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FOLLOW_SUGGESTIONS_ACTIVITY_WINDOW_MS,
  FOLLOW_SUGGESTIONS_LIMIT,
  type FollowSuggestionsResponse,
} from '../../../common/contracts/follows';
import type { Db } from '../../platform/db/database';
import {
  createTestApp,
  insertedUser,
  publishedPost,
  signedUpUser,
  type TestApp,
} from '../../test-support/test-app';
import {
  createFollowsRepository,
  SUGGESTION_FOLLOWS_PER_FOLLOWEE,
  SUGGESTION_POSTS_SCANNED,
} from './follows.repository';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<typeof signedUpUser>>;
interface Someone {
  id: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Follow times a second apart, oldest first, so "newest follows" is never a tie. */
let followClock = 0;
beforeEach(() => {
  followClock = Date.now() - DAY_MS;
});

async function follows(follower: Someone, ...followees: Someone[]) {
  for (const followee of followees) {
    followClock += 1000;
    await t.database.db
      .insertInto('follows')
      .values({ follower_id: follower.id, followee_id: followee.id, created_at: followClock })
      .execute();
  }
}

/** A top-level post (or a reply) written straight to the database, at any time. */
async function postedAt(author: Someone, at: number, parentId: string | null = null) {
  const id = randomUUID();
  await t.database.db
    .insertInto('posts')
    .values({
      id,
      author_id: author.id,
      parent_id: parentId,
      body_html: '<p>Hi</p>',
      body_text: 'Hi',
      created_at: at,
    })
    .execute();
  return id;
}

async function suggestionsFor(reader: Account): Promise<string[]> {
  const response = await t.api({
    method: 'GET',
    url: '/api/v1/me/follow-suggestions',
    cookie: reader.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FollowSuggestionsResponse>().users.map((user) => user.id);
}

async function users(...handles: string[]) {
  const made: Someone[] = [];
  for (const handle of handles) made.push(await insertedUser(t, handle));
  return made;
}

describe('follow suggestions', () => {
  it("ranks the accounts the reader's followees follow by how many of them do", async () => {
    const reader = await signedUpUser(t);
    const [ana, ben, cat, once, twice, thrice] = await users('ana', 'ben', 'cat', 'once', 'twice', 'thrice');
    await follows(reader.user, ana!, ben!, cat!);
    await follows(ana!, once!, twice!, thrice!);
    await follows(ben!, twice!, thrice!);
    await follows(cat!, thrice!);

    expect(await suggestionsFor(reader)).toEqual([thrice!.id, twice!.id, once!.id]);
  });

  it('breaks a tie in favour of the account followed most recently', async () => {
    const reader = await signedUpUser(t);
    const [ana, earlier, later] = await users('ana', 'earlier', 'later');
    await follows(reader.user, ana!);
    await follows(ana!, earlier!, later!);

    expect(await suggestionsFor(reader)).toEqual([later!.id, earlier!.id]);
  });

  it('fills up with the authors of the most top-level posts in the last week, after friends of friends', async () => {
    const reader = await signedUpUser(t);
    const [most, some, one] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    for (const [author, count] of [
      [most, 3],
      [one, 1],
      [some, 2],
    ] as const) {
      for (let i = 0; i < count; i += 1) await publishedPost(t, author, `Post ${i}`);
    }
    // Replies, posts older than the week, and the reader's own posts count for nothing.
    const [replier, former, ana, friendOfAna] = await users('replier', 'former', 'ana', 'friend_of_ana');
    const parent = await publishedPost(t, reader, 'A parent');
    for (let i = 0; i < 5; i += 1) await postedAt(replier!, Date.now() - 1000, parent);
    for (let i = 0; i < 5; i += 1)
      await postedAt(former!, Date.now() - FOLLOW_SUGGESTIONS_ACTIVITY_WINDOW_MS - DAY_MS);
    for (let i = 0; i < 5; i += 1) await publishedPost(t, reader, `Mine ${i}`);

    // Someone the reader follows follows nobody yet: activity alone.
    await follows(reader.user, ana!);
    expect(await suggestionsFor(reader)).toEqual([most.user.id, some.user.id, one.user.id]);

    // A friend of a friend comes first, and an active one is not listed twice.
    await follows(ana!, friendOfAna!, one.user);
    expect(await suggestionsFor(reader)).toEqual([one.user.id, friendOfAna!.id, most.user.id, some.user.id]);
  });

  describe.each(['friends of friends', 'recent activity'] as const)('found through %s', (source) => {
    it('never suggests the reader, their follows and requests, hidden, suspended or unapproved accounts', async () => {
      const reader = await signedUpUser(t);
      const blocker = await signedUpUser(t);
      const [friend, followed, asked, blocked, muted, suspended, applicant, welcome] = await users(
        'friend',
        'followed',
        'asked',
        'blocked',
        'muted',
        'suspended',
        'applicant',
        'welcome',
      );
      const everyone = [
        reader.user,
        blocker.user,
        followed!,
        asked!,
        blocked!,
        muted!,
        suspended!,
        applicant!,
        welcome!,
      ];
      if (source === 'friends of friends') await follows(friend!, ...everyone);
      else for (const someone of everyone) await postedAt(someone, Date.now() - 1000);

      await follows(reader.user, friend!, followed!);
      const db = t.database.db;
      await db.updateTable('users').set({ locked: 1 }).where('id', '=', asked!.id).execute();
      const request = await t.api({
        method: 'PUT',
        url: `/api/v1/follows/${asked!.id}`,
        cookie: reader.cookie,
      });
      expect(request.json()).toMatchObject({ state: 'requested' });
      for (const [who, target, list] of [
        [reader, blocked!, 'blocks'],
        [reader, muted!, 'mutes'],
        [blocker, reader.user, 'blocks'],
      ] as const) {
        const response = await t.api({
          method: 'POST',
          url: `/api/v1/me/${list}`,
          cookie: who.cookie,
          payload: { userId: target.id },
        });
        expect(response.statusCode, response.body).toBe(201);
      }
      await db
        .updateTable('users')
        .set({ suspended_at: Date.now() })
        .where('id', '=', suspended!.id)
        .execute();
      await db.updateTable('users').set({ applied_at: Date.now() }).where('id', '=', applicant!.id).execute();

      expect(await suggestionsFor(reader)).toEqual([welcome!.id]);
    });
  });

  it(`answers at most ${FOLLOW_SUGGESTIONS_LIMIT} accounts, friends of friends first`, async () => {
    const reader = await signedUpUser(t);
    const [ana, ...others] = await users('ana', ...Array.from({ length: 12 }, (_, i) => `other_${i}`));
    const [followedByAna, active] = [others.slice(0, 5), others.slice(5)];
    await follows(reader.user, ana!);
    await follows(ana!, ...followedByAna);
    for (const author of active) await postedAt(author, Date.now() - 1000);

    const suggested = await suggestionsFor(reader);
    expect(suggested).toHaveLength(FOLLOW_SUGGESTIONS_LIMIT);
    expect(suggested.slice(0, followedByAna.length).sort()).toEqual(followedByAna.map(({ id }) => id).sort());
  });

  it('answers 401 to anyone signed out', async () => {
    const response = await t.api({ method: 'GET', url: '/api/v1/me/follow-suggestions' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });
});

describe('what suggestions read', () => {
  it("counts only each followee's newest follows", async () => {
    const reader = await signedUpUser(t);
    const [ana, oldest, ...newer] = await users(
      'ana',
      'oldest',
      ...Array.from({ length: SUGGESTION_FOLLOWS_PER_FOLLOWEE }, (_, i) => `newer_${i}`),
    );
    await follows(reader.user, ana!);
    await follows(ana!, oldest!, ...newer);

    const found = await createFollowsRepository(t.database.db).suggestionsFromFollowees(reader.user.id, 100);
    expect(found.map(({ id }) => id).sort()).toEqual(newer.map(({ id }) => id).sort());
  });

  it('counts only the newest top-level posts of the week', async () => {
    const reader = await signedUpUser(t);
    const [early, busy] = await users('early', 'busy');
    const since = Date.now() - FOLLOW_SUGGESTIONS_ACTIVITY_WINDOW_MS;
    await postedAt(early!, since + 1000);
    const rows = Array.from({ length: SUGGESTION_POSTS_SCANNED }, (_, i) => ({
      id: randomUUID(),
      author_id: busy!.id,
      body_html: '<p>Busy</p>',
      body_text: 'Busy',
      created_at: since + 2000 + i,
    }));
    for (let from = 0; from < rows.length; from += 200)
      await t.database.db
        .insertInto('posts')
        .values(rows.slice(from, from + 200))
        .execute();

    const found = await createFollowsRepository(t.database.db).suggestionsFromActivity(reader.user.id, {
      since,
      limit: 100,
      except: [],
    });
    expect(found.map(({ id }) => id)).toEqual([busy!.id]);
  });
});

/** A property of `target`; a method stays bound to it (Kysely's objects keep private fields). */
function bound(target: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(target, property, target);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}

/** The database, answering each query with SQLite's plan for it (one string per step) and no rows. */
function explaining(db: Db, plans: string[][]): Db {
  const explain = (query: CompiledQuery) =>
    db
      .getExecutor()
      .executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
  return new Proxy(db, {
    get(target, property) {
      if (property !== 'getExecutor') return bound(target, property);
      return () =>
        new Proxy(target.getExecutor(), {
          get(executor, name) {
            if (name !== 'executeQuery') return bound(executor, name);
            return async (query: CompiledQuery) => {
              plans.push((await explain(query)).rows.map((row) => row.detail));
              return { rows: [] };
            };
          },
        });
    },
  });
}

// PostgreSQL plans from statistics, which an empty test database does not have: the plans are
// checked where the planner has none to go on, so this part exists on SQLite only.
if (testDatabaseServerUrl() === null)
  describe('how suggestions are read on SQLite', () => {
    it('walks indexes only, never a whole table', async () => {
      const plans: string[][] = [];
      const repo = createFollowsRepository(explaining(t.database.db, plans));
      const readerId = randomUUID();
      await repo.suggestionsFromFollowees(readerId, FOLLOW_SUGGESTIONS_LIMIT);
      await repo.suggestionsFromActivity(readerId, {
        since: 0,
        limit: FOLLOW_SUGGESTIONS_LIMIT,
        except: [readerId],
      });

      const [fromFollowees, fromActivity] = plans.map((steps) => steps.join('\n'));
      expect(fromFollowees).toMatch(/SEARCH theirs USING COVERING INDEX follows_follower_created/);
      expect(fromActivity).toMatch(/SEARCH posts USING INDEX posts_top_level_created/);
      for (const plan of [fromFollowees, fromActivity]) {
        expect(plan).not.toMatch(/^SCAN (users|posts|follows|follow_requests|user_blocks|user_mutes)\b/m);
        expect(plan).toMatch(/SEARCH users USING INDEX .*\(id=\?\)/);
      }
    });
  });
