// Starts a TypeScript worker entry in development and tests: a worker thread does not inherit
// the parent's module hooks (`--import tsx` in its execArgv is ignored on Node 20), so this
// registers tsx, then imports the entry named by the last argument.
import { register } from 'tsx/esm/api';

register();
await import(process.argv.at(-1));
