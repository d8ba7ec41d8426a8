import { resolve } from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * Server import boundaries (docs/ARCHITECTURE.md, "Server modules"), checked on every file but
 * tests (which may reach into what they test, and start the whole app):
 *
 * - `server/realtime/` is the Pusher-protocol transport only: it imports no feature, neither
 *   app.ts nor scale-out.ts, and nothing from test-support.
 * - Features form a line, in the order app.ts builds them: a feature imports only features
 *   before it (so no cycle between features can exist, type imports included), and of those
 *   only their `index.ts`, the public face (never a repository or other internals).
 * - No import cycle between server files at run time (import-x/no-cycle).
 */

/** Server features in dependency order: the same order as buildApp() builds them in. */
export const SERVER_FEATURE_ORDER = [
  'rich-text',
  'users',
  'admins',
  'registration',
  'auth',
  'password-reset',
  'email-confirmation',
  'audit',
  'live',
  'safety',
  'notifications',
  'email-notifications',
  'media',
  'link-previews',
  'posts',
  'data-export',
  'search',
  'follows',
  'timelines',
  'bookmarks',
  'profiles',
  'moderation',
  'user-admin',
  'account',
  'mail-admin',
  'registration-admin',
  'client-config',
  'web-app',
  'web-push',
];

/** Zones are relative to the repository root, wherever ESLint runs from. */
const root = resolve(import.meta.dirname, '..');
const feature = (name) => `server/features/${name}`;

const realtimeZones = [
  ['server/features', "the app's channel rules and live publishers live in server/features/live."],
  ['server/app.ts', 'the transport is built by app.ts, never the reverse.'],
  ['server/scale-out.ts', 'scale-out parts are passed in (fan-out, presence).'],
  ['server/test-support', 'test helpers that start the app live in server/test-support/realtime.'],
].map(([from, why]) => ({
  target: 'server/realtime',
  from,
  message: `server/realtime is the Pusher-protocol transport only: ${why}`,
}));

const featureZones = SERVER_FEATURE_ORDER.flatMap((name, position) =>
  SERVER_FEATURE_ORDER.filter((other) => other !== name).map((other) =>
    SERVER_FEATURE_ORDER.indexOf(other) > position
      ? {
          target: feature(name),
          from: feature(other),
          message: `${name} comes before ${other} in the feature order (eslint/server-boundaries.js, app.ts): depend the other way, or react to a domain event.`,
        }
      : {
          target: feature(name),
          from: feature(other),
          except: ['./index.ts'],
          message: `Import ${other} through its public face, server/features/${other}/index.ts.`,
        },
  ),
);

/** Spread into eslint.config.js. */
export const serverBoundaries = [
  {
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x skips TypeScript files when it follows imports (no-cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...realtimeZones, ...featureZones] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
