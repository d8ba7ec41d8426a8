import type { Db } from '../../platform/db/database';

/** Token → page image URL, so /media/p/<token>.webp fetches only what the server itself issued. */
export interface PreviewImagesRepository {
  /** Idempotent: a token is a hash of its URL, so a second insert changes nothing. */
  register(token: string, sourceUrl: string, now: number): Promise<void>;
  sourceOf(token: string): Promise<string | null>;
}

export function createPreviewImagesRepository(db: Db): PreviewImagesRepository {
  return {
    async register(token, sourceUrl, now) {
      await db
        .insertInto('link_preview_images')
        .values({ token, source_url: sourceUrl, created_at: now })
        .onConflict((conflict) => conflict.column('token').doNothing())
        .execute();
    },
    async sourceOf(token) {
      const row = await db
        .selectFrom('link_preview_images')
        .select('source_url')
        .where('token', '=', token)
        .executeTakeFirst();
      return row?.source_url ?? null;
    },
  };
}
