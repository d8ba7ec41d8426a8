import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serverBoundaries } from './eslint/server-boundaries.js';

/** Import boundaries (docs/ARCHITECTURE.md): enforced here, not by convention. */
const nodeBuiltins = { group: ['node:*'], message: 'common/ and client/ cannot use Node built-ins.' };
const noServer = { group: ['**/server/**'], message: 'Only the server may import server code.' };
const noClient = { group: ['**/client/**'], message: 'Only the client may import client code.' };
const rawHttp = ['undici', 'node:http', 'node:https', 'http', 'https', 'axios', 'node-fetch'].map((name) => ({
  name,
  message: 'Outbound HTTP goes through server/platform/safe-fetch only.',
}));

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'eslint/*.js',
            'scripts/*.mjs',
            'server/platform/workers/*.mjs',
          ],
          // The plain .mjs launchers (scripts/, the worker loader) outnumber the default cap of 8.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify hooks and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through server/config.ts.' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Tests read JSON bodies of their own requests; asserting on their shape is the point.
    files: ['**/*.test.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    files: [
      'scripts/**',
      'server/config.ts',
      'playwright.config.ts',
      'e2e/**',
      'bench/**',
      'server/test-support/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            noServer,
            noClient,
            { group: ['react', 'react-*'], message: 'common/ is framework-free.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process'],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [nodeBuiltins, noServer] }],
    },
  },
  ...(await import('./eslint/client-boundaries.js')).clientBoundaries,
  {
    // Client code tested against the real server and real pages on 127.0.0.1.
    files: ['client/integration/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // User HTML reaches the DOM in exactly one place, which runs DOMPurify first.
    files: ['**/*.{tsx,jsx}'],
    ignores: ['client/features/posts/post-body.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render user HTML only through client/features/posts/post-body.tsx (DOMPurify).',
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/platform/safe-fetch/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: rawHttp, patterns: [noClient] }],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Outbound HTTP goes through server/platform/safe-fetch only.' },
      ],
      'no-console': 'error',
    },
  },
  {
    files: ['server/platform/**/*.ts'],
    ignores: ['server/platform/safe-fetch/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: rawHttp,
          patterns: [
            noClient,
            { group: ['**/features/**'], message: 'platform/ must not depend on features.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/platform/safe-fetch/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noClient,
            { group: ['**/features/**'], message: 'platform/ must not depend on features.' },
          ],
        },
      ],
      'no-console': 'error',
    },
  },
  {
    // The route table's schemas are zod: the client reads them as types only (first-load weight).
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/integration/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/common/api/routes'],
              allowTypeImports: true,
              message: 'Import the route table as a type; call endpoints through api() by name.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests talk to the real servers they start on 127.0.0.1 and set up child environments.
    files: ['server/**/*.test.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    // Error codes, statuses and default messages come from one catalogue, through its factories.
    files: ['server/**/*.ts'],
    ignores: ['server/errors.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppError']",
          message: 'Throw errors.<code>() from server/errors.ts; add a code to common/contracts/errors.ts.',
        },
      ],
    },
  },
  ...serverBoundaries,
  prettier,
);
