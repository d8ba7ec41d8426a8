import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import type { ApiRoute } from '../../common/api/route';
import { routes } from '../../common/api/routes';
import { API_PREFIX } from './api-guards';

type Schema = OpenAPIV3_1.SchemaObject;

/** Request schemas as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a caller writes them. */
function jsonSchemaOf(schema: z.ZodType): Schema {
  // Refinements and transforms have no JSON Schema form; the input they accept is still described.
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
}

/** `/posts/:id` → `/posts/{id}`. */
export function openApiPathOf(fastifyPath: string): string {
  return fastifyPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parametersOf(schema: z.ZodType | undefined, place: 'path' | 'query'): OpenAPIV3_1.ParameterObject[] {
  if (schema === undefined) return [];
  const { properties = {}, required = [] } = jsonSchemaOf(schema);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.includes(name),
    // openapi-types types a parameter's schema as OpenAPI 3.0's; a 3.1 document holds 2020-12 here.
    schema: property as OpenAPIV3_1.ParameterObject['schema'],
  }));
}

const REQUESTED_WITH: OpenAPIV3_1.ParameterObject = {
  name: 'X-Requested-With',
  in: 'header',
  required: true,
  description: 'Required on every API request: the CSRF defence.',
  schema: { type: 'string', enum: ['XMLHttpRequest'] },
};

const UPLOAD_FORM: Schema = {
  type: 'object',
  required: ['file'],
  properties: {
    crop: { type: 'string', description: 'JSON: the part of the image to keep.' },
    rotation: { type: 'string', enum: ['0', '90', '180', '270'] },
    file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The image, last.' },
  },
};

function requestBodyOf(route: ApiRoute): OpenAPIV3_1.RequestBodyObject | undefined {
  if (route.body === undefined) return undefined;
  if (route.body === 'multipart') {
    return { required: true, content: { 'multipart/form-data': { schema: UPLOAD_FORM } } };
  }
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body) } } };
}

function responsesOf(route: ApiRoute): OpenAPIV3_1.ResponsesObject {
  const error = { $ref: '#/components/responses/Error' };
  const success: OpenAPIV3_1.ResponsesObject =
    route.response === null
      ? { '204': { description: 'Done; no body.' } }
      : 'file' in route.response
        ? {
            '200': {
              description: route.response.type,
              content: { [route.response.file]: { schema: { type: 'string', format: 'binary' } } },
            },
          }
        : {
            [String(route.response.status)]: {
              description: route.response.type,
              content: {
                'application/json': { schema: { $ref: `#/components/schemas/${route.response.type}` } },
              },
            },
          };
  return { ...success, '4XX': error, '5XX': error };
}

function operationOf(route: ApiRoute): OpenAPIV3_1.OperationObject {
  // Read without X-Requested-With: the document, and files a plain link downloads.
  const isDocument = route.name === 'docs.openapi' || (route.response !== null && 'file' in route.response);
  const body = requestBodyOf(route);
  return {
    operationId: route.name,
    summary: route.summary,
    tags: [route.name.split('.')[0] ?? route.name],
    parameters: [
      ...(isDocument ? [] : [REQUESTED_WITH]),
      ...parametersOf(route.params, 'path'),
      ...parametersOf(route.query, 'query'),
    ],
    ...(body ? { requestBody: body } : {}),
    responses: responsesOf(route),
  };
}

/** What an answer sends, as JSON Schema: the schema in common/contracts its type derives from. */
function answerSchemaOf(schema: z.ZodType): Schema {
  return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Schema;
}

/** Each answer under its type's name, which the responses refer to. */
function answerSchemas(all: readonly ApiRoute[]): Record<string, Schema> {
  const schemas: Record<string, Schema> = {};
  for (const route of all) {
    if (route.response === null || 'file' in route.response) continue;
    schemas[route.response.type] = { title: route.response.type, ...answerSchemaOf(route.response.schema) };
  }
  return schemas;
}

const ERROR_ENVELOPE: Schema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
};

/** The OpenAPI 3.1 document of the whole route table. */
export function buildOpenApiDocument(): OpenAPIV3_1.Document {
  const all: ApiRoute[] = Object.values(routes);
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const route of all) {
    const path = openApiPathOf(route.path);
    const method = route.method.toLowerCase() as Lowercase<ApiRoute['method']>;
    paths[path] = { ...paths[path], [method]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tidings API',
      version: '1',
      description:
        'Every request carries X-Requested-With: XMLHttpRequest; a session is a cookie set by ' +
        'log-in or sign-up. Errors answer { "error": { "code", "message", "fields"? } }.',
    },
    servers: [{ url: API_PREFIX }],
    paths,
    components: {
      schemas: { ...answerSchemas(all), ErrorEnvelope: ERROR_ENVELOPE },
      responses: {
        Error: {
          description: 'The error envelope.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
    },
  };
}
