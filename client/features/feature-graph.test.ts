import { describe, expect, it } from 'vitest';

/**
 * No cycle between client features. Lint sees one file at a time (import-x/no-cycle follows
 * files, and a feature-level cycle can pass through files that never import each other), so this
 * reads every feature's imports and checks the graph of features as a whole.
 */

/** Every module under client/features/<feature>/, as text, keyed by its path from here. */
const featureSources = import.meta.glob<string>('./*/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `from '…'`, `import '…'` and `import('…')`, types included: a type is a dependency too. */
const IMPORT_SPECIFIER = /\bfrom\s*'([^']+)'|\bimport\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g;

type FeatureGraph = Map<string, Set<string>>;

/** `./posts/post-list.tsx` + `../safety` → `./safety`. Paths here always start with `./`. */
function resolveRelative(fromFile: string, specifier: string): string {
  const parts = fromFile.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The feature a path from here belongs to (`./posts/…` → posts), or null outside features/. */
function featureOf(path: string): string | null {
  const [dot, feature, ...rest] = path.split('/');
  return dot === '.' && feature !== undefined && rest.length > 0 ? feature : null;
}

/** Feature → the other features its modules import. */
function featureGraph(sources: Record<string, string>): FeatureGraph {
  const graph: FeatureGraph = new Map();
  for (const [file, source] of Object.entries(sources)) {
    const feature = featureOf(file);
    if (feature === null) continue;
    const uses = graph.get(feature) ?? new Set<string>();
    graph.set(feature, uses);
    for (const match of source.matchAll(IMPORT_SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      // `../posts` names the feature's folder (its index); `../posts/x` a module inside it.
      const used = featureOf(target) ?? featureOf(`${target}/index.ts`);
      if (used !== null && used !== feature) uses.add(used);
    }
  }
  return graph;
}

/** One cycle of the graph as the features along it (first repeated at the end), or null. */
function findCycle(graph: FeatureGraph): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (feature: string): string[] | null => {
    const start = path.indexOf(feature);
    if (start !== -1) return [...path.slice(start), feature];
    if (done.has(feature)) return null;
    path.push(feature);
    for (const used of graph.get(feature) ?? []) {
      const cycle = visit(used);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(feature);
    return null;
  };
  for (const feature of [...graph.keys()].sort()) {
    const cycle = visit(feature);
    if (cycle) return cycle;
  }
  return null;
}

describe('the client feature graph', () => {
  it('reads imports of every kind, by relative path, between features only', () => {
    const graph = featureGraph({
      './posts/post-card.tsx':
        "import { useCurrentUser } from '../auth';\nimport { Avatar } from '../../ui/avatar';",
      './posts/post-list.tsx':
        "import type { X } from '../search/highlight';\nimport { PostCard } from './post-card';",
      './posts/lazy.ts': "const m = import('../media');\nexport * from '../composer/drafts';",
      './auth/index.ts': "export { useCurrentUser } from './auth.queries';",
    });
    expect([...(graph.get('posts') ?? [])].sort()).toEqual(['auth', 'composer', 'media', 'search']);
    expect([...(graph.get('auth') ?? [])]).toEqual([]);
  });

  it('finds a cycle through several features, and none in a layered graph', () => {
    const cyclic: FeatureGraph = new Map([
      ['feed', new Set(['posts'])],
      ['posts', new Set(['auth', 'safety'])],
      ['safety', new Set(['feed'])],
      ['auth', new Set<string>()],
    ]);
    expect(findCycle(cyclic)).toEqual(['feed', 'posts', 'safety', 'feed']);
    cyclic.set('safety', new Set(['auth']));
    expect(findCycle(cyclic)).toBeNull();
  });

  it('has no cycle between the features of this client', () => {
    const graph = featureGraph(featureSources);
    // Guards against a glob or a pattern that silently finds nothing.
    expect(graph.size).toBeGreaterThanOrEqual(10);
    expect([...(graph.get('posts') ?? [])]).toContain('auth');
    const cycle = findCycle(graph);
    expect(cycle, `features import each other: ${cycle?.join(' → ')}`).toBeNull();
  });
});
