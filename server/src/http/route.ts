import { type AnyEndpoint, catalogueEntries, codeAnswerSchema, type Schema, type SchemaInput, type SchemaOutput } from '@portal/contracts/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { errorSchema } from './schemas';

type Out<S> = S extends Schema ? SchemaOutput<S> : unknown;
type In<S> = S extends Schema ? SchemaInput<S> : never;

/** The request of an entry's route: params, query and body as its schemas parse them. */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: Out<E['params']>;
  Querystring: Out<E['query']>;
  Body: Out<E['body']>;
}>;

/** What the handler of an entry answers: the code-style body around its data, a page's rows, the body itself. */
export type EndpointReply<E extends AnyEndpoint> = E['answer'] extends 'code'
  ? { code: string; message: string; data: In<E['response']> }
  : E['answer'] extends 'page'
    ? Array<In<E['response']>>
    : E['answer'] extends 'json'
      ? In<E['response']>
      : FastifyReply;

/** A download (`file`) sends its bytes through the reply; every other answer is returned. */
export type EndpointHandler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E['answer'] extends 'file' ? FastifyReply : EndpointReply<E>>;

/** What a route adds to its entry: server-only options, never the path, method or schemas. */
export interface RouteExtras {
  /** Hooks after the entry's authentication (the ingestion key check, the CORS headers). */
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  config?: RouteOptions['config'];
  bodyLimit?: number;
  handlerTimeout?: number;
  /** A regular expression per path parameter, to leave other spellings unrouted (404). */
  paramPatterns?: Record<string, string>;
}

/** The OpenAPI description of a GET with side effects (the entry's `sideEffects`). */
const SIDE_EFFECTS_DESCRIPTION =
  '有副作用: 写入数据并调用CRM。与写操作一样, 须带请求头 X-Requested-With (或浏览器的 Sec-Fetch-Site: same-origin), 否则 403。';

/** The name of each catalogue entry, by entry: a route outside the catalogue cannot be registered. */
const NAMES = new Map(catalogueEntries().map(({ name, endpoint }) => [endpoint as AnyEndpoint, name]));

/** The fastify URL of a catalogue path: `{id}` becomes `:id`, with its pattern when given. */
export const routeUrl = (path: string, patterns: Record<string, string> = {}): string =>
  path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_whole, name: string) => `:${name}${patterns[name] ? `(${patterns[name]})` : ''}`);

/**
 * Registers the route of one catalogue entry: its method and path, its request schemas for
 * validation, its answer schema for serialization and the OpenAPI document (tag, summary, error
 * statuses, session security, side effects), the login check when the entry needs a session, the
 * session's slot of heavy calls when it is heavy (plugins/heavy-calls.ts), and the requested-with
 * guard's mark when it has side effects. The handler is typed from the same
 * entry, so it cannot read or answer anything the entry does not say.
 */
export function route<E extends AnyEndpoint>(app: FastifyInstance, entry: E, handler: EndpointHandler<E>, extras: RouteExtras = {}): void {
  const name = NAMES.get(entry);
  if (name === undefined) throw new Error(`${entry.method} ${entry.path} is not an entry of the endpoint catalogue (@portal/contracts)`);
  const { paramPatterns, onRequest = [], ...options } = extras;

  const errors: Record<number, Schema> = { 400: errorSchema };
  if (entry.auth !== 'public') errors[401] = errorSchema;
  for (const status of entry.errors) errors[status] = errorSchema;
  const response = entry.response as Schema | undefined;
  const answer =
    response === undefined ? undefined : entry.answer === 'code' ? codeAnswerSchema(response) : entry.answer === 'page' ? response.array() : response;

  // A heavy call past the session's slots: 429.
  if (entry.heavy) errors[429] = errorSchema;
  const hooks = [
    ...(entry.auth === 'login' ? [app.requireLogin as onRequestHookHandler] : []),
    // After the login check: the slots are the session's.
    ...(entry.heavy ? [app.heavyCallSlot as onRequestHookHandler] : []),
    ...(Array.isArray(onRequest) ? onRequest : [onRequest]),
  ];
  app.route({
    ...options,
    // The requested-with guard reads it (a GET that writes or calls out is guarded as a write).
    ...(entry.sideEffects ? { config: { ...options.config, sideEffects: true } } : {}),
    method: entry.method,
    url: routeUrl(entry.path, paramPatterns),
    ...(hooks.length ? { onRequest: hooks } : {}),
    schema: {
      operationId: name,
      tags: [entry.tag],
      summary: entry.summary,
      ...(entry.sideEffects ? { description: SIDE_EFFECTS_DESCRIPTION, 'x-side-effects': true } : {}),
      // At most HEAVY_CALLS_PER_SESSION at once per session (429 with Retry-After past them).
      ...(entry.heavy ? { 'x-heavy': true } : {}),
      ...(entry.auth === 'login' ? { security: [{ session: [] }] } : {}),
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      ...(entry.headers ? { headers: entry.headers } : {}),
      ...(entry.produces ? { produces: [...entry.produces] } : {}),
      ...(entry.consumes ? { consumes: [...entry.consumes] } : {}),
      response: answer ? { [entry.status]: answer, ...errors } : errors,
    },
    handler: async (request, reply) => {
      if (entry.status !== 200) reply.code(entry.status);
      return (handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>)(request, reply);
    },
  });
}
