import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_FEATURE_ORDER, serverBoundaries } from '../eslint/server-boundaries.js';

/**
 * The server's boundary rules fire: each snippet is linted as if it were the named file, with
 * only those rules on (no type information needed), and the real files it imports on disk.
 */
const eslint = new ESLint({
  cwd: join(import.meta.dirname, '..'),
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...serverBoundaries],
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

const importing = (path: string) => `import * as imported from '${path}';\nexport const used = imported;\n`;

// The first lint follows the whole app's imports (no-cycle) and parses them: seconds on a busy
// machine. Done once here, with room, so each test after it reads the cache.
beforeAll(() => problems('server/realtime/probe.ts', importing('../app')), 120_000);

describe('server/realtime is the transport only', () => {
  it.each([
    ['a feature', '../features/auth'],
    ['the app', '../app'],
    ['the scale-out layer', '../scale-out'],
    ['test support', '../test-support/redis'],
  ])('refuses an import of %s', async (_what, path) => {
    const found = await problems('server/realtime/probe.ts', importing(path));
    expect(found).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Pusher-protocol transport only/),
    ]);
  });

  it('lets it use the platform', async () => {
    expect(await problems('server/realtime/probe.ts', importing('../platform/redis/redis-bus'))).toEqual([]);
  });
});

describe('a feature and the others', () => {
  it("refuses another feature's repository and internals", async () => {
    for (const path of ['../posts/posts.repository', '../posts/post.presenter']) {
      expect(await problems('server/features/search/probe.ts', importing(path))).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*through its public face.*posts\/index\.ts/),
      ]);
    }
  });

  it('accepts its public face, and its own files', async () => {
    expect(await problems('server/features/search/probe.ts', importing('../posts'))).toEqual([]);
    expect(await problems('server/features/search/probe.ts', importing('./search.repository'))).toEqual([]);
  });

  it('refuses a feature later in the order, even its public face or a type: no cycle can form', async () => {
    const typeOnly = "import type { PostsService } from '../posts';\nexport type Used = PostsService;\n";
    for (const code of [importing('../posts'), typeOnly]) {
      expect(await problems('server/features/users/probe.ts', code)).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*users comes before posts/),
      ]);
    }
  });

  it('names every feature in the order, so none escapes these rules', () => {
    const features = readdirSync(join(import.meta.dirname, 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...SERVER_FEATURE_ORDER].sort()).toEqual(features.sort());
  });
});

describe('import cycles', () => {
  it('are refused between server files', async () => {
    // posts.service.ts imports post-body.ts at run time, so this would close a loop.
    const found = await problems('server/features/posts/post-body.ts', importing('./posts.service'));
    expect(found).toContain('import-x/no-cycle: Dependency cycle detected');
  });
});
