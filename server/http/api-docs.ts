import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi, { type FastifySwaggerUiConfigOptions } from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { routes } from '../../common/api/routes';
import { API_PREFIX } from './api-guards';
import { buildOpenApiDocument } from './openapi';
import { defineRoute } from './route-table';

/** The page that renders the OpenAPI document; outside /api/v1, so a browser can open it. */
export const API_DOCS_PAGE_PREFIX = '/api/docs';

type SwaggerUiInterceptor = NonNullable<FastifySwaggerUiConfigOptions['requestInterceptor']>;

/** A request as Swagger UI hands it to its interceptor: a plain object, headers by name. */
interface SwaggerUiRequest {
  headers: Record<string, string>;
}

/**
 * "Try it out" sends its requests from the docs page, on this origin, so they may carry the
 * X-Requested-With header every /api/v1 request needs (a state-changing one still needs the
 * session cookie). @fastify/swagger-ui sends this function's source text to the browser, so it
 * must use nothing from outside itself.
 */
function addRequestedWith(request: SwaggerUiRequest): SwaggerUiRequest {
  request.headers['X-Requested-With'] = 'XMLHttpRequest';
  return request;
}

/**
 * GET /api/v1/openapi.json: the route table as an OpenAPI 3.1 document, and a page that renders
 * it at /api/docs/. Both are public and change nothing, and the document holds nothing but the
 * table, so it is exempt from the X-Requested-With rule: tools and a browser tab can fetch it.
 */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  const document = buildOpenApiDocument();
  await app.register(
    async (api) => {
      defineRoute(
        api,
        routes['docs.openapi'],
        { config: { readableWithoutHeader: true } },
        async () => document,
      );
    },
    { prefix: API_PREFIX },
  );
  // @fastify/swagger's option types know OpenAPI 2.0 and 3.0 only; it serves a 3.1 document as it is.
  const served = document as unknown as OpenAPIV3.Document;
  await app.register(fastifySwagger, { mode: 'static', specification: { document: served } });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PAGE_PREFIX,
    // The library types the interceptor's argument as a Request class; Swagger UI passes a plain object.
    uiConfig: { requestInterceptor: addRequestedWith as unknown as SwaggerUiInterceptor },
  });
}
