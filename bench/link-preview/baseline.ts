import { getLinkPreview } from 'link-preview-js';
import { Agent, setGlobalDispatcher } from 'undici';
import { REQUEST_HEADERS } from '../../server/platform/safe-fetch/request-headers';
import type { PreviewFields } from './corpus-score';

/**
 * link-preview-js 4.0.4 as the baseline. Its URL check refuses 127.0.0.0/8 literals and its
 * resolveDNSHost refuses loopback answers (by design), so pages are fetched by their real host
 * names and Node's fetch (which link-preview-js uses) is pointed at 127.0.0.1 through undici's
 * global dispatcher: every name resolves to 127.0.0.1 and nothing else is ever contacted.
 */

const LOOPBACK = { address: '127.0.0.1', family: 4 };
let lookups = 0;

type LookupCallback = (error: null, address: string | (typeof LOOPBACK)[], family?: number) => void;

export async function routeGlobalFetchToLoopback(port: number): Promise<void> {
  setGlobalDispatcher(
    new Agent({
      connect: {
        lookup: (_hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
          lookups += 1;
          if (options.all) callback(null, [LOOPBACK]);
          else callback(null, LOOPBACK.address, LOOPBACK.family);
        },
      },
    }),
  );
  // Prove the dispatcher is in charge before the baseline sends anything by name.
  const before = lookups;
  await fetch(`http://dispatcher-probe.invalid:${port}/`).then((response) => response.arrayBuffer());
  if (lookups === before)
    throw new Error('global fetch ignored the loopback dispatcher; refusing to run the baseline');
}

export type BaselineResult = { ok: true; fields: PreviewFields } | { ok: false; error: string };

/** Without resolveDNSHost, link-preview-js warns on every call; expected here, so silenced. */
export function silenceBaselineWarnings(): () => void {
  const original = console.error;
  console.error = () => undefined;
  return () => {
    console.error = original;
  };
}

export async function baselinePreview(url: string): Promise<BaselineResult> {
  try {
    const preview = await getLinkPreview(url, {
      followRedirects: 'follow',
      timeout: 8000,
      headers: { ...REQUEST_HEADERS },
    });
    if (!('title' in preview))
      return { ok: true, fields: { title: null, description: null, image: null, siteName: null } };
    const fields = {
      title: preview.title,
      description: preview.description ?? null,
      image: preview.images[0] ?? null,
      siteName: preview.siteName ?? null,
    };
    return { ok: true, fields };
  } catch (error) {
    return { ok: false, error: String(error) };
  }
}
