import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import type { SearchService } from './search.service';

/** Open to anonymous readers, like the feed: a GET changes nothing. */
export function registerSearchRoutes(api: FastifyInstance, { search }: { search: SearchService }): void {
  defineRoute(api, routes['search.posts'], async (request, _reply, input) => {
    const { q, cursor } = input.query();
    // The page arrives as JSON text from a worker and is sent as it is.
    return search.search(q, request.user?.id ?? null, cursor);
  });
}
