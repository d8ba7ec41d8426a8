import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const STALE_TIME_MS = 30_000;

/**
 * The page's one cache of API answers. A module of its own so that code outside React (the
 * entry, which asks for the session before the first render, and the real-time client, which
 * reads the instance's settings) shares the answers the pages read rather than asking again.
 */
export const queryClient = createQueryClient();

/** A cache with the page's rules for reading and writing: the page's one, or a test's. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        // A 4xx will not fix itself by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
        // The default ('online') pauses requests while the browser is offline: pages would show
        // their spinners for as long as it stays offline. Ask anyway, and say what failed.
        networkMode: 'always',
      },
      mutations: {
        // Same for writes: a post, like or edit sent offline fails at once with a message rather
        // than leaving its button busy until the connection returns.
        networkMode: 'always',
      },
    },
  });
}
