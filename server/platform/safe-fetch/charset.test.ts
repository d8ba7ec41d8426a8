import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCharset, prescanMetaCharset } from './charset';
import { TEXT_SLICE_BYTES } from './limits';
import { createSafeFetcher } from './safe-fetch';
import { collectText } from './testing/sinks';
import { startTestOrigin, type TestOrigin } from './testing/test-origin';

// Text and its bytes in each legacy encoding (bytes written out by hand, not by our decoder).
const SAMPLES: [label: string, canonical: string, text: string, hex: string][] = [
  ['windows-1252', 'windows-1252', 'Café – “quoted” €', '436166e92096209371756f746564942080'],
  ['iso-8859-2', 'iso-8859-2', 'Łódź', 'a3f364bc'],
  ['iso-8859-15', 'iso-8859-15', 'Œuvre €', 'bc7576726520a4'],
  ['shift_jis', 'shift_jis', '日本語のタイトル', '93fa967b8cea82cc835e83438367838b'],
  ['euc-jp', 'euc-jp', '日本語のタイトル', 'c6fccbdcb8eca4cea5bfa5a4a5c8a5eb'],
  ['gbk', 'gbk', '中文标题', 'd6d0cec4b1eacce2'],
  ['windows-1251', 'windows-1251', 'Привет, мир', 'cff0e8e2e5f22c20ece8f0'],
  ['euc-kr', 'euc-kr', '한국어 제목', 'c7d1b1b9beee20c1a6b8f1'],
];

const page = (head: string, hex: string) =>
  Buffer.concat([
    Buffer.from(`<html><head>${head}<title>`),
    Buffer.from(hex, 'hex'),
    Buffer.from('</title></head></html>'),
  ]);

interface Served {
  contentType: string;
  body: Buffer;
}
const served = new Map<string, Served>();
let origin: TestOrigin;

beforeAll(async () => {
  origin = await startTestOrigin('127.0.0.2', (request, response) => {
    const entry = served.get(request.url ?? '');
    if (!entry) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': entry.contentType }).end(entry.body);
  });
});
afterAll(() => origin.close());

async function fetchTitle(path: string, entry: Served) {
  served.set(path, entry);
  const sink = collectText();
  const result = await createSafeFetcher({ allowedPrivateAddresses: ['127.0.0.2'] }).fetch(
    origin.url(path),
    sink.open,
  );
  const title = /<title>(.*)<\/title>/.exec(sink.text())?.[1];
  return { result, title };
}

describe('charset through the fetcher', () => {
  it.each(SAMPLES)('%s from the Content-Type header', async (label, canonical, text, hex) => {
    const { result, title } = await fetchTitle(`/header-${label}`, {
      contentType: `text/html; charset=${label}`,
      body: page('', hex),
    });
    expect(title).toBe(text);
    expect(result).toMatchObject({ read: { encoding: canonical, charsetSource: 'header' } });
  });

  it.each(SAMPLES)('%s from <meta charset>', async (label, canonical, text, hex) => {
    const { result, title } = await fetchTitle(`/meta-${label}`, {
      contentType: 'text/html',
      body: page(`<meta charset="${label}">`, hex),
    });
    expect(title).toBe(text);
    expect(result).toMatchObject({ read: { encoding: canonical, charsetSource: 'meta' } });
  });

  it.each(SAMPLES)('%s from <META HTTP-EQUIV>', async (label, canonical, text, hex) => {
    const meta = `<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=${label.toUpperCase()}">`;
    const { result, title } = await fetchTitle(`/equiv-${label}`, {
      contentType: 'text/html',
      body: page(meta, hex),
    });
    expect(title).toBe(text);
    expect(result).toMatchObject({ read: { encoding: canonical, charsetSource: 'meta' } });
  });

  it('lets the header beat a contradicting meta', async () => {
    const { title } = await fetchTitle('/header-wins', {
      contentType: 'text/html; charset="windows-1251"',
      body: page('<meta charset="shift_jis">', 'cff0e8e2e5f22c20ece8f0'),
    });
    expect(title).toBe('Привет, мир');
  });

  it('lets a byte order mark beat the header', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<title>Grüße</title>')]);
    const { result, title } = await fetchTitle('/bom', {
      contentType: 'text/html; charset=windows-1251',
      body,
    });
    expect(title).toBe('Grüße');
    expect(result).toMatchObject({ read: { encoding: 'utf-8', charsetSource: 'bom' } });
  });

  it('falls back to UTF-8 when nothing declares a charset', async () => {
    const { result, title } = await fetchTitle('/none', {
      contentType: 'text/html',
      body: Buffer.from('<title>Ünïcödé ✓</title>'),
    });
    expect(title).toBe('Ünïcödé ✓');
    expect(result).toMatchObject({ read: { encoding: 'utf-8', charsetSource: 'default' } });
  });

  it('decodes a multi-byte character split between two slices', async () => {
    // The title's first two-byte character straddles a text slice boundary.
    const prefix = '<meta charset="shift_jis"><!---->';
    const filler = 'a'.repeat(TEXT_SLICE_BYTES - 1 - prefix.length - '<title>'.length);
    const head = Buffer.from(`<meta charset="shift_jis"><!--${filler}--><title>`);
    expect(head.length).toBe(TEXT_SLICE_BYTES - 1);
    const body = Buffer.concat([
      head,
      Buffer.from('93fa967b8cea82cc835e83438367838b', 'hex'),
      Buffer.from('</title>'),
    ]);
    const { title } = await fetchTitle('/split', { contentType: 'text/html', body });
    expect(title).toBe('日本語のタイトル');
  });
});

describe('prescanMetaCharset', () => {
  const bytes = (text: string) => Buffer.from(text, 'latin1');

  it.each([
    ['<meta charset="windows-1251">', 'windows-1251'],
    ["<meta charset='Shift_JIS'>", 'shift_jis'],
    ['<meta charset=gbk>', 'gbk'],
    ['<meta http-equiv="content-type" content="text/html; charset=euc-kr">', 'euc-kr'],
    ['<meta content="text/html; charset=iso-8859-1" http-equiv="Content-Type">', 'windows-1252'],
    ['<meta name="x" content="charset=koi8-r">', null],
    ['<!-- <meta charset="gbk"> --><meta charset="euc-jp">', 'euc-jp'],
    ['<meta charset="utf-16le">', 'utf-8'],
    ['<meta charset="no-such-charset"><meta charset="big5">', 'big5'],
    ['<metadata charset="gbk">', null],
  ])('%s → %s', (html, expected) => {
    expect(prescanMetaCharset(bytes(html))).toBe(expected);
  });

  it('only looks at the first 1024 bytes', () => {
    expect(prescanMetaCharset(bytes(`${' '.repeat(1024)}<meta charset="gbk">`))).toBeNull();
  });

  it('ignores an unknown header label and falls through to meta', () => {
    expect(chooseCharset(bytes('<meta charset="gbk">'), 'x-unknown')).toEqual({
      encoding: 'gbk',
      source: 'meta',
    });
    expect(chooseCharset(bytes(''), 'ISO-8859-1')).toEqual({ encoding: 'windows-1252', source: 'header' });
  });
});
