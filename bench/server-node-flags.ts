import { readFileSync } from 'node:fs';

/**
 * The Node flags the server runs with in production (scripts/server-node-flags.json, used by
 * npm start), so a bench process that stands for the server runs exactly as it would.
 */
export const SERVER_NODE_FLAGS: string[] = (
  JSON.parse(readFileSync(new URL('../scripts/server-node-flags.json', import.meta.url), 'utf8')) as {
    flags: string[];
  }
).flags;
