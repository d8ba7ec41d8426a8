import type { FastifyInstance } from 'fastify';
import { type SearchResponse, searchQuerySchema } from '../../../common/contracts/search';
import { parseInput } from '../../http/parse-input';
import type { SearchService } from './search.service';

/** Open to anonymous readers, like the feed: a GET changes nothing. */
export function registerSearchRoutes(api: FastifyInstance, { search }: { search: SearchService }): void {
  api.get('/search', async (request) => {
    const { q, cursor } = parseInput(searchQuerySchema, request.query);
    const body: SearchResponse = await search.search(q, request.user?.id ?? null, cursor);
    return body;
  });
}
