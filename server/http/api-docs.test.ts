import { runInNewContext } from 'node:vm';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../common/api/endpoints';
import { routes } from '../../common/api/routes';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { API_DOCS_PAGE_PREFIX } from './api-docs';
import { API_PREFIX } from './api-guards';
import { openApiPathOf } from './openapi';

let t: TestApp;
let document: OpenAPIV3_1.Document;

/** `GET /api/v1/posts/:id`: a route as Fastify registered it. */
const keyOf = (method: string, url: string) => `${method} ${url}`;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenAPIV3_1.Document>();
});

afterAll(async () => t.close());

/** Every /api/v1 route Fastify registered, without the HEAD twins of GET routes. */
function registeredApiRoutes(): { method: string; url: string }[] {
  return t.routes.filter((route) => route.url.startsWith(`${API_PREFIX}/`) && route.method !== 'HEAD');
}

describe('the route table and the server', () => {
  it('every registered /api/v1 route is an operation of the OpenAPI document', () => {
    const registered = registeredApiRoutes();
    expect(registered.length).toBeGreaterThanOrEqual(Object.keys(endpoints).length);
    const missing = registered.filter(({ method, url }) => {
      const path = openApiPathOf(url.slice(API_PREFIX.length));
      const operations = document.paths?.[path] as Record<string, unknown> | undefined;
      return operations?.[method.toLowerCase()] === undefined;
    });
    expect(missing).toEqual([]);
  });

  it('every table entry has a handler, at its method and path', () => {
    const registered = new Set(registeredApiRoutes().map(({ method, url }) => keyOf(method, url)));
    const unhandled = Object.values(routes)
      .map((route) => keyOf(route.method, `${API_PREFIX}${route.path}`))
      .filter((key) => !registered.has(key));
    expect(unhandled).toEqual([]);
  });

  it('names each operation after its table entry, with its parameters and body', () => {
    const operation = document.paths?.['/posts/{id}']?.patch;
    expect(operation?.operationId).toBe('posts.update');
    expect(operation?.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
    const body = operation?.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
    expect(body?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { body: { type: 'string' } },
      required: ['body'],
    });
    expect(Object.keys(operation?.responses ?? {})).toContain('200');
    expect(document.paths?.['/posts']?.post?.responses).toHaveProperty('201');
    expect(document.paths?.['/me/sessions/{id}']?.delete?.responses).toHaveProperty('204');
    expect(document.paths?.['/media']?.post?.requestBody).toMatchObject({
      content: { 'multipart/form-data': {} },
    });
    expect(document.paths?.['/feed']?.get?.parameters).toContainEqual(
      expect.objectContaining({ name: 'cursor', in: 'query', required: false }),
    );
  });
});

describe('the documentation', () => {
  it('is an OpenAPI 3.1 document whose every reference resolves', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: API_PREFIX }]);
    const references = JSON.stringify(document).match(/"\$ref":"#\/components\/[^"]+"/g) ?? [];
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) {
      const [, kind, name] = /#\/components\/(\w+)\/([^"]+)/.exec(reference) ?? [];
      const components = document.components as Record<string, Record<string, unknown>> | undefined;
      expect(components?.[kind ?? '']?.[name ?? ''], reference).toBeDefined();
    }
  });

  it('describes each answer with the schema of its type, under its name', () => {
    const schemas = document.components?.schemas ?? {};
    for (const route of Object.values(routes)) {
      if (route.response !== null && !('file' in route.response))
        expect(schemas[route.response.type], route.name).toBeDefined();
    }
    expect(schemas['PostPage']).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['posts', 'nextCursor']),
      additionalProperties: false,
      properties: {
        posts: { type: 'array', items: { type: 'object' } },
        nextCursor: { type: ['string', 'null'] },
      },
    });
    const post = (schemas['PostResponse']?.properties?.['post'] ?? {}) as OpenAPIV3_1.SchemaObject;
    expect(post.properties?.['author']).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['id', 'handle', 'displayName']),
      properties: { handle: { type: 'string' }, avatar: { anyOf: expect.any(Array) } },
    });
    expect(post.properties?.['likedByMe']).toEqual({ type: 'boolean' });
    expect(schemas['PostDeleteResponse']?.properties?.['deleted']).toMatchObject({ const: true });
    expect(schemas['SearchResponse']?.properties?.['matched']).toMatchObject({ enum: ['all', 'any'] });
    expect(schemas['OpenApiDocument']).toMatchObject({ type: 'object', additionalProperties: {} });
  });

  it('is readable without X-Requested-With, while the rest of the API still needs it', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: `${API_PREFIX}/openapi.json` });
    expect(head.statusCode).toBe(200);
    const feed = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/feed` });
    expect(feed.statusCode).toBe(403);
    expect(feed.json()).toMatchObject({ error: { code: 'csrf_header_missing' } });
    const auth = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/auth/me` });
    expect(auth.statusCode).toBe(403);
  });

  it('is rendered by a page outside the API, under the app’s content security policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API_DOCS_PAGE_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-initializer.js');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const json = await t.app.inject({ method: 'GET', url: `${API_DOCS_PAGE_PREFIX}/json` });
    expect(json.json()).toEqual(document);
  });

  it("lets the page's Try it out call the API: its requests carry X-Requested-With", async () => {
    const script = await t.app.inject({
      method: 'GET',
      url: `${API_DOCS_PAGE_PREFIX}/static/swagger-initializer.js`,
    });
    expect(script.statusCode).toBe(200);
    // Runs the served script as the page would, with Swagger UI replaced by a recorder of its settings.
    let settings: {
      requestInterceptor?: (request: { url: string; headers: Record<string, string> }) => unknown;
    } = {};
    const SwaggerUIBundle = Object.assign(
      (options: typeof settings) => {
        settings = options;
        return { initOAuth: () => undefined };
      },
      { presets: { apis: {} }, plugins: { DownloadUrl: {} } },
    );
    const window: { location: { href: string }; onload?: () => void } = {
      location: { href: `http://127.0.0.1${API_DOCS_PAGE_PREFIX}/` },
    };
    const document = { createElement: () => ({ href: '' }), querySelector: () => null, body: {} };
    // The script waits for Swagger UI's top bar to swap its logo in; nothing renders here.
    const MutationObserver = class {
      observe(): void {}
      disconnect(): void {}
    };
    runInNewContext(script.body, {
      window,
      document,
      MutationObserver,
      SwaggerUIBundle,
      SwaggerUIStandalonePreset: {},
    });
    window.onload?.();
    expect(settings.requestInterceptor).toBeTypeOf('function');

    const request = { url: `${API_PREFIX}/auth/me`, headers: {} };
    settings.requestInterceptor?.(request);
    const answer = await t.app.inject({ method: 'GET', url: request.url, headers: request.headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ user: null });
  });
});
