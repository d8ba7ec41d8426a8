import type { Catalog } from './compiled-message';

/** A language's catalogue files (`../messages/pt/posts.json`) by namespace (`posts`). */
export function catalogsByNamespace(files: Record<string, Catalog>): Record<string, Catalog> {
  return Object.fromEntries(
    Object.entries(files).map(([path, catalog]) => [
      path.replace(/^.*\//, '').replace(/\.json$/, ''),
      catalog,
    ]),
  );
}
