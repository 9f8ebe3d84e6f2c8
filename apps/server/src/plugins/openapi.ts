import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBodySchema, type ErrorCode } from '@farol/contract';
import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorMessage, statusByCode } from './error-handler.ts';
import { successExamples } from './openapi-examples.ts';

type RouteSchema = Record<string, unknown> & { operationId?: string; response?: Record<string, unknown> };

/**
 * The codes every route of an access level can answer, before its own: the auth hook's (a missing or dead
 * session) and the admin check. Optional routes ignore a bad token, so they answer none of these.
 */
const codesOfAccess: Record<string, ErrorCode[]> = {
  public: [],
  optional: [],
  user: ['unauthorized', 'session_expired'],
  admin: ['unauthorized', 'session_expired', 'admin_required'],
};

const apiTokenCodes = ['api_token_invalid', 'api_tokens_require_pro', 'too_many_requests'] as const;

/** The codes a route can answer: its access level's, input validation's when it takes input, its own. */
export function errorCodesOf(route: Pick<RouteOptions, 'config' | 'schema'>): ErrorCode[] {
  const config = (route.config ?? {}) as FastifyContextConfig;
  const schema = (route.schema ?? {}) as RouteSchema;
  const codes = new Set<ErrorCode>(codesOfAccess[config.access ?? 'public'] ?? []);
  // a personal API token gets in only where the route allows it, within its own limit and the plan's
  if (config.access && config.access !== 'public')
    for (const code of config.apiToken ? apiTokenCodes : (['api_token_read_only'] as const)) codes.add(code);
  if (schema.body || schema.querystring || schema.params) codes.add('validation_failed');
  // a body that is not JSON or too large never reaches the route's own code
  if (schema.body) for (const code of ['bad_request', 'payload_too_large'] as const) codes.add(code);
  for (const code of config.errors ?? []) codes.add(code);
  return [...codes];
}

/**
 * The documented error answers of a route, built from its codes through the one status table: one response
 * per status, whose `code` lists exactly the codes that status can carry, with an example in English.
 */
export function errorResponsesOf(codes: readonly ErrorCode[]): Record<string, z.ZodType> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(statusByCode[code], [...(byStatus.get(statusByCode[code]) ?? []), code]);
  const responses: Record<string, z.ZodType> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const [first] = statusCodes as [ErrorCode, ...ErrorCode[]];
    responses[String(status)] = errorBodySchema
      .extend({ code: z.enum(statusCodes as [ErrorCode, ...ErrorCode[]]) })
      .describe(`Error: ${statusCodes.join(', ')}`)
      .meta({ example: { code: first, message: errorMessage('en', first, { seconds: 60 }) } });
  }
  return responses;
}

/** Who may call: a session (or a personal token where read-only) as a bearer, or no one in particular. */
function securityOf(access: FastifyContextConfig['access']) {
  if (access === 'user' || access === 'admin') return [{ bearerAuth: [] }];
  if (access === 'optional') return [{ bearerAuth: [] }, {}];
  return [];
}

/** The route's success answers, the first one with its example when `openapi-examples.ts` has one. */
function successResponsesOf(schema: RouteSchema): Record<string, unknown> {
  const responses = { ...schema.response };
  const example = schema.operationId ? successExamples[schema.operationId] : undefined;
  const status = Object.keys(responses).find((code) => code.startsWith('2'));
  const answer = status ? responses[status] : undefined;
  // parsed with the answer's own schema: an example that drifts from the contract breaks the document (and its test)
  if (example !== undefined && status && answer instanceof z.ZodType)
    responses[status] = answer.meta({ example: answer.parse(example) });
  return responses;
}

/**
 * Completes what a route declares into what the document says: its error answers, its security, and the
 * path without the trailing slash a prefix root gets (Fastify answers both; the document names one).
 */
function documentRoute(route: RouteOptions, schema: RouteSchema, url: string) {
  if (!url.startsWith('/api/')) return { schema, url };
  const { access, writtenAnswer } = (route.config ?? {}) as FastifyContextConfig;
  const written = writtenAnswer && {
    200: {
      description: writtenAnswer.description,
      content: { [writtenAnswer.contentType]: { schema: z.string() } },
    },
  };
  return {
    schema: {
      ...schema,
      security: securityOf(access),
      response: { ...written, ...successResponsesOf(schema), ...errorResponsesOf(errorCodesOf(route)) },
    },
    url: url.length > 1 ? url.replace(/\/$/, '') : url,
  };
}

/** OpenAPI 3 generated from the contract's zod schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Farol API',
        description:
          "Market data, signals, analysis, alerts, AI chat and plans. Errors answer `{ code, message }`, the message in the caller's language.",
        version: '0.1.0',
      },
      servers: [{ url: new URL(app.config.APP_URL).origin, description: 'This Farol instance' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session token from signIn, or a personal API token (farol_pat_…) on read-only calls.',
          },
        },
      },
    },
    transform: (input) => {
      const documented = documentRoute(input.route, (input.schema ?? {}) as RouteSchema, input.url);
      return jsonSchemaTransform({ ...input, ...documented } as Parameters<typeof jsonSchemaTransform>[0]);
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
