import type { FastifyInstance } from 'fastify';
import { type SearchResponse, searchQuerySchema } from '../../../common/contracts/search';
import { parseInput } from '../../http/parse-input';
import type { SerializedJson } from '../../http/serialized-json';
import type { SearchService } from './search.service';

/** Open to anonymous readers, like the feed: a GET changes nothing. */
export function registerSearchRoutes(api: FastifyInstance, { search }: { search: SearchService }): void {
  api.get('/search', async (request, reply) => {
    const { q, cursor } = parseInput(searchQuerySchema, request.query);
    const json: SerializedJson<SearchResponse> = await search.search(q, request.user?.id ?? null, cursor);
    // A JSON content type makes Fastify send the serialized page as it is.
    return reply.type('application/json; charset=utf-8').send(json);
  });
}
