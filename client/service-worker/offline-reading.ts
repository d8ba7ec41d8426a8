import { API_BASE, type EndpointName, endpoints } from '../../common/api/endpoints';

/**
 * The API answers kept on the device so the app can be read offline: the session and the
 * instance's settings (the app needs both to start), the timelines, posts, profiles, bookmarks,
 * notifications and the link previews they show. Writes are never kept, nor are answers about
 * the account's security (sessions, passkeys, two-factor) or its data export: they are not reading
 * matter, and a copy on the device would only be one more place to leak from.
 */
export const OFFLINE_READABLE_ENDPOINTS = [
  'auth.me',
  'clientConfig.get',
  'posts.feed',
  'timelines.home',
  'timelines.tag',
  'hashtags.get',
  'hashtags.trending',
  'posts.get',
  'posts.replies',
  'users.profile',
  'users.posts',
  'users.replies',
  'bookmarks.list',
  'notifications.list',
  'linkPreviews.get',
] as const satisfies readonly EndpointName[];

/** `/posts/:id` → a pattern for `/api/v1/posts/<one segment>`, nothing before or after. */
function pathPattern(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${API_BASE}${escaped}$`);
}

const READABLE_PATHS = OFFLINE_READABLE_ENDPOINTS.map((name) => {
  const endpoint = endpoints[name];
  if (endpoint.method !== 'GET') throw new TypeError(`${name} is not a reading endpoint.`);
  return pathPattern(endpoint.path);
});

/** Whether a GET of this path (query aside) is one the device keeps for reading offline. */
export function isOfflineReadable(pathname: string): boolean {
  return READABLE_PATHS.some((pattern) => pattern.test(pathname));
}
