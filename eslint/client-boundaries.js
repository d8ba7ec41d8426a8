import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * Client feature boundaries (docs/ARCHITECTURE.md, "Client features"): each folder in
 * client/features/ is a feature whose index.ts is its public face.
 *
 * - A feature imports another feature only through that feature's index.ts, and never its own
 *   index (inside a feature, files import each other directly; the index importing them back
 *   would be a cycle).
 * - Pages and the app shell import a feature through its index.ts too. A part they load lazily
 *   comes from a loader function the index exports (`loadPostList`), not from import() of the
 *   feature's module by path.
 * - lib/, ui/ and realtime/ sit below the features and import none of them.
 * - No file-level import cycles in the client. Cycles between features as a whole are checked by
 *   client/features/feature-graph.test.ts, which lint cannot see.
 */

const root = path.resolve(import.meta.dirname, '..');
const featuresDir = path.join(root, 'client', 'features');
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Exceptions of a glob zone are matched against absolute paths as they are.
const publicIndex = `${featuresDir}/*/index.ts`;

const featureZones = features.flatMap((name) => [
  {
    target: `client/features/${name}/**`,
    from: `client/features/!(${name})/**`,
    except: [publicIndex],
    message: `Import another feature through its index.ts only (client/features/<feature>/index.ts).`,
  },
  {
    target: `client/features/${name}/**`,
    from: `client/features/${name}/index.ts`,
    message: 'Inside a feature, import its modules directly: its own index.ts would close a cycle.',
  },
]);

const shellZones = [
  {
    target: ['client/app/**', 'client/pages/**', 'client/main.tsx'],
    from: 'client/features/**',
    except: [publicIndex],
    message: 'Import a feature through its index.ts only; load lazy parts with the loaders it exports.',
  },
  {
    target: ['client/lib/**', 'client/ui/**', 'client/realtime/**'],
    from: 'client/features',
    message: 'lib/, ui/ and realtime/ sit below the features and import none of them.',
  },
];

export const clientBoundaries = [
  {
    files: ['client/**/*.{ts,tsx}'],
    // Tests against the real server exercise a feature's internals, as its own unit tests do.
    ignores: ['client/integration/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // The modules no-cycle follows: without this it reads only .js files and sees no cycle.
      'import-x/extensions': ['.ts', '.tsx'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...featureZones, ...shellZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
