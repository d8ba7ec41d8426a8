/**
 * The search bench's database and queries: 100,000 posts by 200 authors, seeded before the search
 * migration so that its backfill indexes them, and queries drawn from those posts.
 */
import { v7 as timeOrderedUuid } from 'uuid';
import type { openDatabase } from '../../server/platform/db/database';
import { seededRandom, vocabulary, zipfSampler } from './corpus';
import { benchAuthors } from '../bench-authors';

export const POSTS = 100_000;
const AUTHORS = 200;
/** Query words come from below the most common ones, as real searches mostly do. */
const MIN_QUERY_RANK = 100;
const SAMPLE_EVERY = 50;

type Db = ReturnType<typeof openDatabase>['db'];

/** Seeds posts before the search migration, so its backfill indexes them all (and is timed). */
export async function seed(db: Db): Promise<number[][]> {
  const words = vocabulary();
  const random = seededRandom(42);
  const nextRank = zipfSampler(random);
  const started = Date.now() - POSTS * 1000;
  const authors = benchAuthors(AUTHORS, started, (i) => `${words[i] ?? 'Author'} Author ${i}`);
  await db.insertInto('users').values(authors).execute();
  const samples: number[][] = [];
  const BATCH = 500;
  for (let from = 0; from < POSTS; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, POSTS - from) }, (_, k) => {
      const i = from + k;
      const ranks = Array.from({ length: 8 + Math.floor(random() * 17) }, nextRank);
      if (i % SAMPLE_EVERY === 0) samples.push(ranks);
      const text = ranks.map((rank) => words[rank]).join(' ');
      return {
        id: timeOrderedUuid(),
        author_id: authors[i % AUTHORS]?.id ?? '',
        parent_id: null,
        body_html: `<p>${text}</p>`,
        body_text: text,
        created_at: started + i * 1000,
      };
    });
    await db.insertInto('posts').values(rows).execute();
  }
  return samples;
}

/**
 * Queries drawn from real posts, so each finds something: one word (half), two words of one post,
 * the start of a word (typing), and the middle of a word (a part only trigrams find).
 */
export function queriesFrom(samples: number[][], count: number, seed = 7): string[] {
  const words = vocabulary();
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: count }, () => {
    const ranks = pick(samples).filter((rank) => rank >= MIN_QUERY_RANK);
    const word = words[pick(ranks.length ? ranks : [MIN_QUERY_RANK])] ?? 'kalo';
    const roll = random();
    if (roll < 0.5) return word;
    if (roll < 0.7) return `${word} ${words[pick(ranks.length ? ranks : [MIN_QUERY_RANK])] ?? ''}`.trim();
    if (roll < 0.85) return word.slice(0, 4);
    return word.length >= 6 ? word.slice(1, 5) : word.slice(1);
  });
}
