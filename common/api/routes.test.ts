import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { PostPage } from '../contracts/posts';
import type { AnswerOf } from './route';
import { endpoints } from './endpoints';
import { type Routes, routes } from './routes';

const all = Object.values(routes);

describe('the route table', () => {
  it('has one entry per endpoint, with its method and path', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, route] of Object.entries(routes)) {
      expect(route.name).toBe(name);
      expect({ method: route.method, path: route.path }).toEqual(endpoints[route.name]);
    }
  });

  it('never gives one method and path to two entries', () => {
    const keys = all.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares exactly the parameters each path has', () => {
    for (const route of all) {
      const inPath = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]).sort();
      const schema = 'params' in route ? route.params : undefined;
      const declared = schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
      expect(declared, route.name).toEqual(inPath);
    }
  });

  it('sends a body only where the method carries one', () => {
    for (const route of all) {
      if (route.method === 'GET') expect('body' in route, route.name).toBe(false);
    }
  });

  it('answers 201 to the entries that create, 204 where there is no body', () => {
    const created = all.filter((route) => route.response?.status === 201).map((route) => route.name);
    expect(created.sort()).toEqual(
      [
        'auth.signUp',
        'dataExport.request',
        'invites.create',
        'media.upload',
        'passkeys.register',
        'posts.create',
        'reports.create',
        'safety.block',
        'safety.mute',
        'webPush.subscribe',
      ].sort(),
    );
    for (const route of all.filter((entry) => entry.response === null)) {
      expect(['DELETE', 'POST'], route.name).toContain(route.method);
    }
  });

  it('gives every answer with a body a schema, whose output is the answer type', () => {
    for (const route of all) {
      if (route.response !== null && !('file' in route.response))
        expect(route.response.schema, route.name).toBeInstanceOf(z.ZodType);
    }
    expectTypeOf<AnswerOf<Routes['posts.feed']>>().toEqualTypeOf<PostPage>();
    expectTypeOf<AnswerOf<Routes['auth.logOut']>>().toEqualTypeOf<void>();
    // Entries whose answer carries no schema: the files a link downloads, and nothing else.
    type WithoutSchema = {
      [N in keyof Routes]: Routes[N]['response'] extends { readonly schema: z.ZodType } | null ? never : N;
    }[keyof Routes];
    expectTypeOf<WithoutSchema>().toEqualTypeOf<'dataExport.download'>();
  });
});
