import { z } from './zod';
import { isSearchable, parseSearchQuery, SEARCH_QUERY_MAX_LENGTH } from '../search/search-query';
import { postSchema } from './posts';
import { publicProfileSchema } from './users';

/** Posts in one page of search results. */
export const SEARCH_PAGE_SIZE = 20;
/** People shown above the posts, on the first page only. */
export const SEARCH_PEOPLE_LIMIT = 5;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for.' })
    .max(SEARCH_QUERY_MAX_LENGTH, `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters.`)
    .refine((q) => isSearchable(parseSearchQuery(q)), 'Type something to search for.'),
  cursor: z.string().max(200).optional(),
});
export type SearchRequest = z.input<typeof searchQuerySchema>;

/** A post found, as the feed shows it, with the part of its text around the first match. */
export const searchPostResultSchema = postSchema.extend({ snippet: z.string() });
export type SearchPostResult = z.output<typeof searchPostResultSchema>;

export const searchResponseSchema = z.strictObject({
  posts: z.array(searchPostResultSchema),
  /** Accounts whose handle or display name matches; first page only, empty on later pages. */
  people: z.array(publicProfileSchema),
  /**
   * `all`: every word and phrase matched. `any`: nothing matched them all, so these posts
   * match at least one (the first page decides; later pages follow it).
   */
  matched: z.enum(['all', 'any']),
  /** What to highlight in the results: the query's phrases and words, without filters. */
  terms: z.array(z.string()),
  /** Opaque; pass back as ?cursor= (with the same q) for the next page. Null at the end. */
  nextCursor: z.string().nullable(),
});
export type SearchResponse = z.output<typeof searchResponseSchema>;
