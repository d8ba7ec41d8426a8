import type { z } from 'zod';
import { type EndpointName, endpoints } from './endpoints';

/**
 * What an endpoint answers on success: the schema of the JSON body (the contracts declare each
 * answer as a schema and derive its type from it), and the name `type` it has in the OpenAPI
 * document. The server checks answers against the schema where answer checking is on.
 */
export interface Answer<S extends z.ZodType = z.ZodType> {
  readonly status: 200 | 201;
  readonly type: string;
  readonly schema: S;
}

export function answer<S extends z.ZodType>(schema: S, type: string, status: 200 | 201 = 200): Answer<S> {
  return { status, type, schema };
}

/**
 * An answer that is a file the browser saves (streamed, not JSON): its media type, and its name
 * in the OpenAPI document. A plain link downloads it, so the route is readable without
 * X-Requested-With (server/http/api-guards.ts).
 */
export interface FileAnswer {
  readonly status: 200;
  readonly type: string;
  readonly file: string;
}

export function fileAnswer(mediaType: string, type: string): FileAnswer {
  return { status: 200, type, file: mediaType };
}

/** A body the server reads as multipart/form-data (an image upload), not JSON. */
export const MULTIPART = 'multipart';

export interface RouteSchemas {
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType | typeof MULTIPART;
  /** `null`: 204 No Content. */
  readonly response: Answer | FileAnswer | null;
}

export type ApiRoute<N extends EndpointName = EndpointName> = RouteSchemas &
  (typeof endpoints)[N] & { readonly name: N };

type RouteTable<T extends Record<EndpointName, RouteSchemas>> = {
  readonly [N in EndpointName]: T[N] & (typeof endpoints)[N] & { readonly name: N };
};

/**
 * Joins each endpoint's method and path with its schemas. The parameter's type demands every
 * endpoint and refuses any other name, so the two lists cannot drift apart.
 */
export function defineRouteTable<T extends Record<EndpointName, RouteSchemas>>(
  schemas: T & Record<Exclude<keyof T, EndpointName>, never>,
): RouteTable<T> {
  const table: Partial<Record<EndpointName, ApiRoute>> = {};
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    table[name] = { ...schemas[name], ...endpoints[name], name };
  }
  return table as RouteTable<T>;
}

type Schema<R, K extends 'params' | 'query' | 'body'> = R extends { readonly [P in K]: infer S }
  ? S extends z.ZodType
    ? S
    : never
  : never;

/** What a caller sends: the schemas' input types. */
export type ParamsIn<R> = z.input<Schema<R, 'params'>>;
export type QueryIn<R> = z.input<Schema<R, 'query'>>;
export type BodyIn<R> = z.input<Schema<R, 'body'>>;
/** What the server reads after parsing: the schemas' output types. */
export type ParamsOut<R> = z.output<Schema<R, 'params'>>;
export type QueryOut<R> = z.output<Schema<R, 'query'>>;
export type BodyOut<R> = z.output<Schema<R, 'body'>>;

/** The JSON body of a success; `void` for a 204 or a file. */
export type AnswerOf<R> = R extends { readonly response: Answer<infer S> } ? z.output<S> : void;

export type IsFileAnswer<R> = R extends { readonly response: FileAnswer } ? true : false;

export type HasParams<R> = R extends { readonly params: z.ZodType } ? true : false;
export type HasQuery<R> = R extends { readonly query: z.ZodType } ? true : false;
export type HasJsonBody<R> = R extends { readonly body: z.ZodType } ? true : false;
