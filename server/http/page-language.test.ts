import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { decodedBody, listenOnLoopback, rawRequest, varyOf } from '../test-support/raw-http';
import { localizedPageLanguages, pageFileFor } from './page-language';

describe('the page for a browser’s languages', () => {
  const spoken = ['pt', 'de'];

  it('is the first language the app speaks, by primary subtag, most preferred first', () => {
    expect(pageFileFor('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7', spoken)).toBe('index.de.html');
    expect(pageFileFor('fr-FR, pt-BR;q=0.8, de;q=0.9', spoken)).toBe('index.de.html');
    expect(pageFileFor('pt-BR', spoken)).toBe('index.pt.html');
  });

  it('is English when English comes first, when nothing matches, or nothing is said', () => {
    expect(pageFileFor('en-GB,de;q=0.9', spoken)).toBe('index.html');
    expect(pageFileFor('fr-FR,ja;q=0.5', spoken)).toBe('index.html');
    expect(pageFileFor(undefined, spoken)).toBe('index.html');
    expect(pageFileFor('', spoken)).toBe('index.html');
    expect(pageFileFor('de-DE', [])).toBe('index.html');
  });
});

describe('pages served in the browser’s language', () => {
  const page = (lang: string) =>
    Buffer.from(
      `<!doctype html><html lang="${lang}"><body>${'<div class="skeleton"></div>'.repeat(40)}</body></html>`,
    );
  let clientDir: string;
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'tidings-client-'));
    for (const [file, lang] of [
      ['index.html', 'en'],
      ['index.de.html', 'de'],
    ] as const) {
      writeFileSync(join(clientDir, file), page(lang));
      writeFileSync(join(clientDir, `${file}.br`), brotliCompressSync(page(lang)));
      writeFileSync(join(clientDir, `${file}.gz`), gzipSync(page(lang)));
    }
    expect(localizedPageLanguages(clientDir)).toEqual(['de']);
    t = await createTestApp({}, { clientDir });
    origin = await listenOnLoopback(t.app);
  });

  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it.each([
    ['de-AT,de;q=0.9', 'de'],
    ['en-US,en;q=0.9,de;q=0.8', 'en'],
    ['pt-BR', 'en'],
  ])('answers %s with the page in %s, compressed, and keyed on both headers', async (language, lang) => {
    const response = await rawRequest(origin, '/@ana', {
      headers: { 'accept-language': language, 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varyOf(response)).toEqual(expect.arrayContaining(['accept-encoding', 'accept-language']));
    expect(decodedBody(response).toString()).toContain(`<html lang="${lang}">`);
  });
});
