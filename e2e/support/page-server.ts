import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * Web pages to preview, on 127.0.0.1 (the e2e server lets its fetcher reach loopback). The
 * browser must never contact this server: the app shows our own copies of its images.
 */
export interface PageServer {
  origin: string;
  url(path: string): string;
  close(): Promise<void>;
}

const page = (title: string, description: string, image: string) =>
  `<!doctype html><html><head><title>${title}</title><meta property="og:title" content="${title}">` +
  `<meta property="og:description" content="${description}"><meta property="og:image" content="${image}">` +
  '</head><body><p>Hello</p></body></html>';

/** `/article/<name>` has a working image; `/broken/<name>` points at one that does not exist. */
export async function startPageServer(): Promise<PageServer> {
  const picture = await sharp({ create: { width: 800, height: 420, channels: 3, background: '#2f6f9f' } })
    .png()
    .toBuffer();
  const server: Server = createServer((request, response) => {
    const [, kind, name] = /^\/(article|broken)\/([\w-]+)$/.exec(request.url ?? '') ?? [];
    if (kind && name) {
      const image = kind === 'article' ? `/images/${name}.png` : `/missing/${name}.png`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page(`Article ${name}`, `All about ${name}, in two lines or fewer.`, image));
    } else if (request.url?.startsWith('/images/')) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
