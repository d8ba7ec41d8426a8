import { v7 as timeOrderedUuid } from 'uuid';

/** Rows for `count` made-up accounts (author_0, author_1, …), for benches that seed posts. */
export function benchAuthors(count: number, createdAt: number, displayName = (i: number) => `Author ${i}`) {
  return Array.from({ length: count }, (_, i) => ({
    id: timeOrderedUuid(),
    email: `author${i}@bench.test`,
    handle: `author_${i}`,
    handle_key: `author_${i}`,
    display_name: displayName(i),
    password_hash: 'x',
    created_at: createdAt,
  }));
}
