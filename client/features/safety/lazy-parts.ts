/** The post menu for a page that loads its post list lazily (see posts/lazy-parts.ts). */
export const loadPostMenu = () => import('./post-menu');
