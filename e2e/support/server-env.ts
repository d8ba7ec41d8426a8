import { readFileSync } from 'node:fs';

/** scripts/e2e-server-env.json, which says what each setting is for. */
interface E2eServerSettings {
  /** What every server the browser tests start runs as. */
  instance: Record<string, string>;
  /** The shared servers' settings on top: the one all specs use, and the live readers'. */
  env: Record<string, string>;
}

const settings = JSON.parse(
  readFileSync(new URL('../../scripts/e2e-server-env.json', import.meta.url), 'utf8'),
) as E2eServerSettings;

export const TEST_INSTANCE_ENV: Readonly<Record<string, string>> = settings.instance;
export const SHARED_SERVER_SETTINGS: Readonly<Record<string, string>> = settings.env;
