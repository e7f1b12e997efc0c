import {
  ENDPOINTS,
  errorEnvelopeSchema,
  INTEGRATION_ENDPOINTS,
  PER_RECORD_SCOPE,
  urlOf,
  type AnyEndpoint,
} from '@cabdesk/contract';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** A zod schema as the JSON Schema (2020-12, what OpenAPI 3.1 uses) of one side of the wire. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and preprocessing are not JSON Schema: they show as what they accept.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema;
  return rest;
}

/** `user-list` -> `userList`, `verifyOTP` -> `verifyOTP`, `/healthz` -> `healthz`. */
const operationIdOf = (e: AnyEndpoint) =>
  e.path.replace(/^\//, '').replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The query parameters of a GET: one per property of its input object. */
function queryParameters(e: AnyEndpoint) {
  const object = jsonSchema(e.input, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    schema,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  }));
}

const ERROR = { $ref: '#/components/schemas/ErrorEnvelope' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR } },
});

/** The answers every call may give besides its success, by what can go wrong. */
function errorResponses(e: AnyEndpoint) {
  const integration = e.scope !== undefined;
  return {
    400: errorResponse('Bad input: `data.errors` maps each field to its message. Nothing changed.'),
    ...(e.public && !e.stream
      ? {}
      : {
          401: errorResponse(
            integration
              ? 'No integration key, or an unknown or revoked one.'
              : 'No session: no, an unknown, an expired or a revoked token.',
          ),
        }),
    ...(e.public
      ? {}
      : {
          403: errorResponse(
            integration
              ? e.scope === PER_RECORD_SCOPE
                ? 'The integration key lacks the scope of a record’s kind (that record is rejected).'
                : `The integration key lacks the scope \`${e.scope}\`.`
              : 'The administrator’s role may not make this call.',
          ),
        }),
    ...(e.method === 'POST'
      ? {
          404: errorResponse('The record asked for does not exist (or was deleted).'),
          409: errorResponse('Not allowed in the record’s present state. Nothing changed.'),
          ...(integration
            ? {
                422: errorResponse(
                  'A record the request names does not exist, or the Idempotency-Key was used with another request. Nothing changed.',
                ),
              }
            : {}),
        }
      : { 404: errorResponse('The record asked for does not exist (or was deleted).') }),
    429: errorResponse('Too many attempts: `Retry-After` says when to try again.'),
    500: errorResponse('Internal Server Error (the cause is logged, never sent).'),
    503: errorResponse('The database does not answer now: try again (`Retry-After`).'),
  };
}

/** The header every write of the integration API takes. */
const IDEMPOTENCY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Any unique string (a UUID) per request: sent again with the same body it answers the first answer (`Idempotent-Replayed: true`) and writes nothing; with another body, 422.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

function operation(e: AnyEndpoint) {
  const hasInput = Object.keys(
    (jsonSchema(e.input, 'input').properties as object | undefined) ?? {},
  ).length;
  const body = e.bodyTypes
    ? {
        requestBody: {
          required: true,
          content: Object.fromEntries(
            e.bodyTypes.map((type) => [
              type,
              { schema: hasInput ? jsonSchema(e.input, 'input') : { type: 'string' } },
            ]),
          ),
        },
      }
    : e.method === 'POST' && hasInput
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: jsonSchema(e.input, 'input') },
              // SPEC 7 posts newPassword as form data; every call takes it.
              'application/x-www-form-urlencoded': { schema: jsonSchema(e.input, 'input') },
            },
          },
        }
      : {};
  return {
    operationId: operationIdOf(e),
    summary: e.summary,
    tags: [e.tag],
    ...(e.method === 'GET' && hasInput ? { parameters: queryParameters(e) } : {}),
    ...body,
    ...(e.method === 'POST' && e.scope ? { parameters: [IDEMPOTENCY_PARAMETER] } : {}),
    security: e.public ? [] : [{ bearer: [] }],
    ...(e.scope ? { 'x-scope': e.scope } : e.public ? {} : { 'x-roles': [...e.roles] }),
    responses: {
      200: e.stream
        ? {
            description: 'A stream of server-sent events (`notification`, `ping`, `end`).',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          }
        : e.files
          ? {
              description: 'Success: the file, as a download.',
              content: Object.fromEntries(
                e.files.map((type) => [type, { schema: { type: 'string' } }]),
              ),
            }
          : {
              description: e.export
                ? 'Success: `{ status: true, message, data }`; with `format=csv` (Owner, Finance), the whole filtered, sorted list as a CSV download.'
                : 'Success: `{ status: true, message, data }`.',
              content: {
                'application/json': { schema: jsonSchema(e.response, 'output') },
                ...(e.export ? { 'text/csv': { schema: { type: 'string' } } } : {}),
              },
            },
      ...errorResponses(e),
    },
  };
}

/** What tells the two documents apart: their calls, title, introduction and credentials. */
const DOCUMENTS = {
  admin: {
    endpoints: ENDPOINTS,
    title: 'Cabdesk admin API',
    description:
      'The back-office API of a taxi marketplace. Every answer is the envelope ' +
      '`{ status, message, data }`; messages follow `Accept-Language` (English, Spanish). ' +
      'Sign in with `login`, then send `Authorization: Bearer <token>`. ' +
      '`x-roles` lists the administrator roles that may make a call.',
    bearer: 'The token `login` answers (`data.token`).',
  },
  integration: {
    endpoints: INTEGRATION_ENDPOINTS,
    title: 'Cabdesk integration API',
    description:
      'The marketplace’s door into Cabdesk: its backend registers people and vehicles by its own ' +
      'ids (`external_id`). Send `Authorization: Bearer <integration key>` (made by an Owner in ' +
      'Settings -> Integrations); `x-scope` names the scope a call needs. Every answer is the ' +
      'admin API’s envelope `{ status, message, data }`. Each write is one transaction; send ' +
      '`Idempotency-Key` to make a retry safe. Guide: docs/integration.md.',
    bearer: 'An integration key (`cdk_...`), shown once when an Owner makes it.',
  },
} as const;

/** Each document as built, once a process: it is the contract's, whatever app serves it. */
const built = new Map<keyof typeof DOCUMENTS, OpenAPIV3_1.Document>();

/**
 * The OpenAPI 3.1 document of the admin API (or of the integration API), generated from the contract's
 * endpoint objects: every call with its parameters or body, its success
 * envelope, its errors and whether it needs the bearer token.
 */
export function openApiDocument(which: keyof typeof DOCUMENTS): OpenAPIV3_1.Document {
  let document = built.get(which);
  if (!document) built.set(which, (document = buildDocument(which)));
  return document;
}

function buildDocument(which: keyof typeof DOCUMENTS): OpenAPIV3_1.Document {
  const { endpoints, ...about } = DOCUMENTS[which];
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    (paths[urlOf(e)] ??= {})[e.method.toLowerCase()] = operation(e);
  }
  const document = {
    openapi: '3.1.0',
    info: {
      title: about.title,
      // The wire of SPEC 7, extended compatibly: a client written against it keeps working.
      version: '1.0.0',
      description: about.description,
    },
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: about.bearer,
        },
      },
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelopeSchema, 'output') },
    },
  };
  // Assembled from JSON Schemas zod wrote: a shape the OpenAPI types cannot follow.
  return document as unknown as OpenAPIV3_1.Document;
}
