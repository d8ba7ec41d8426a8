import { z } from './zod';

export const bookmarkResponseSchema = z.strictObject({ bookmarkedByMe: z.boolean() });
export type BookmarkResponse = z.output<typeof bookmarkResponseSchema>;
