import type { Linter } from 'eslint';

/** Server features in dependency order: the same order as buildApp() builds them in. */
export declare const SERVER_FEATURE_ORDER: readonly string[];
/** The server's import-boundary rules, spread into eslint.config.js. */
export declare const serverBoundaries: Linter.Config[];
