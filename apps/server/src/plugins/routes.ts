import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, type PermissionArea, type RoutePermission } from '@koi/contract';
import { consoleAudit, type AuditPort } from '../modules/audit/audit.service';
import { definedFields } from '../lib/defined';
import { requires } from './console';
import { ok } from './envelope';

/*
 * Every API route of a module has the same frame: an OpenAPI entry under the module's tags, Zod schemas from
 * @koi/contract for what comes in, the success envelope around what goes out (decision 4), and one of three
 * kinds of access: anyone, the signed-in player (`app.requireAuth`, plugins/auth.ts) or the operator console
 * (a permission that the operators module's guard checks before the body is read). `apiRoutes` declares that
 * frame once, so a route names only what is its own: URL, summary, schemas and the call of its service.
 * `routesPlugin` (or `auditedRoutesPlugin` for a console area) turns a module's declaring function into the
 * Fastify plugin its index.ts registers, under the module's OpenAPI tags:
 *
 *   function withdrawalsApi(api: ApiRoutes, { service, config }: WithdrawalsRoutesOptions) {
 *     api.player.post(
 *       '/api/plat/withdraw-info',
 *       { summary: '提现须知', body: emptyBody, result: withdrawInfoResult },
 *       async (request) => withdrawInfoWire(await service.info(sessionOf(request).playerId), config),
 *     );
 *   }
 *
 *   export const withdrawalsRoutes = routesPlugin(['提现'], withdrawalsApi);
 *
 * The handler returns the envelope's `result`; `ok()` wraps it. Request and result are typed from the Zod
 * schemas through fastify-type-provider-zod as on a plain `r.post`, so reading a body or query field the schema
 * does not have, or returning a result that misses a field of the contract or gives one the wrong type, still
 * fails `tsc`. Routes that answer something other than the envelope (images, streams, a payment channel's
 * notification protocol) stay plain Fastify routes.
 */

/** What a route declares besides its URL and access: its documentation, its schemas and its rare extras. */
export interface RouteSpec {
  summary: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The schema of `result` in the success envelope. */
  result: z.ZodType;
  /** A check after the access check, such as a rate limit (`app.limitBy('login')`). */
  preHandler?: preHandlerAsyncHookHandler;
  /** Route config beyond the permission, such as `publicCache` (plugins/public-cache.ts). */
  config?: Omit<FastifyContextConfig, 'permission'>;
  /** OpenAPI media types when the route takes something else than the usual forms and JSON. */
  consumes?: string[];
  bodyLimit?: number;
}

type Field<S, K extends string> = S extends Record<K, infer T> ? T : undefined;

/** The Fastify schema a spec stands for; the type provider reads request and reply types from it. */
type SchemaOf<S extends RouteSpec> = {
  params: Field<S, 'params'>;
  querystring: Field<S, 'querystring'>;
  body: Field<S, 'body'>;
  response: { 200: ReturnType<typeof envelope<S['result']>> };
};

/** The request of a route declared with `spec`: params, query and body typed from its Zod schemas. */
export type RouteRequest<S extends RouteSpec> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  SchemaOf<S>,
  ZodTypeProvider
>;

/** A route's work: from the typed request to the envelope's `result` (the route wraps it with `ok()`). */
export type RouteHandler<S extends RouteSpec> = (
  request: RouteRequest<S>,
  reply: FastifyReply,
) => Promise<z.output<S['result']>>;

/** Declares routes of one kind of access; each method takes the URL, the spec and the handler. */
export interface Routes {
  get<S extends RouteSpec>(url: string, spec: S, handler: RouteHandler<S>): void;
  post<S extends RouteSpec>(url: string, spec: S, handler: RouteHandler<S>): void;
}

interface Access {
  preHandler: preHandlerAsyncHookHandler[];
  config: FastifyContextConfig;
  /** The OpenAPI security requirement, absent when no token is needed. */
  security?: { bearer: string[] }[];
}

export function apiRoutes(app: FastifyInstance, opts: { tags: string[] }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const routes = (access: Access): Routes => {
    const declare = (
      method: 'GET' | 'POST',
      url: string,
      spec: RouteSpec,
      handler: RouteHandler<RouteSpec>,
    ) => {
      const preHandler = [...access.preHandler, ...(spec.preHandler ? [spec.preHandler] : [])];
      const config = { ...access.config, ...spec.config };
      const schema: FastifySchema = definedFields({
        tags: opts.tags,
        summary: spec.summary,
        description: spec.description,
        consumes: spec.consumes,
        params: spec.params,
        querystring: spec.querystring,
        body: spec.body,
        response: { 200: envelope(spec.result) },
        security: access.security,
      });
      typed.route({
        method,
        url,
        schema,
        ...definedFields({
          config: Object.keys(config).length ? config : undefined,
          preHandler: preHandler.length ? preHandler : undefined,
          bodyLimit: spec.bodyLimit,
        }),
        handler: async (request, reply) => ok(await handler(request as RouteRequest<RouteSpec>, reply)),
      });
    };
    return {
      get: (url, spec, handler) => declare('GET', url, spec, handler as RouteHandler<RouteSpec>),
      post: (url, spec, handler) => declare('POST', url, spec, handler as RouteHandler<RouteSpec>),
    };
  };

  const bearer = [{ bearer: [] }];
  const consoleRoutes = (access: { permission: RoutePermission }): Routes =>
    routes({
      preHandler: [],
      config: access,
      ...(access.permission.kind === 'public' ? {} : { security: bearer }),
    });
  const area = (permissionArea: PermissionArea) => ({
    read: consoleRoutes(requires(permissionArea, 'read')),
    write: consoleRoutes(requires(permissionArea, 'write')),
  });
  return {
    /** Routes anyone may call (sign-in, the catalogue, banners). */
    open: routes({ preHandler: [], config: {} }),
    /**
     * Routes of the signed-in player: `requireAuth` answers 401 before the handler runs, and the OpenAPI entry
     * names the bearer token. plugins/rate-limit.ts finds `requireAuth` here and puts the route's limit after it.
     */
    player: routes({ preHandler: [app.requireAuth], config: {}, security: bearer }),
    /**
     * Console routes needing `access` (`requires('ledger', 'read')`, `SELF`, `ANY_OPERATOR` or `PUBLIC` from
     * plugins/console.ts), which the guard checks before the body is read.
     */
    console: consoleRoutes,
    /** Console routes of one permission area: `read` to look at it, `write` to change it. */
    area,
    /**
     * The routes of a console area whose changes are audited, with the `audit` through which they write the
     * operator's audit entries (modules/audit).
     */
    audited: (permissionArea: PermissionArea, port: AuditPort) => ({
      ...area(permissionArea),
      audit: consoleAudit(port),
    }),
  };
}

/** What `apiRoutes` declares routes with: `open`, `player`, `console`, `area` and `audited`. */
export type ApiRoutes = ReturnType<typeof apiRoutes>;

/** The routes of an audited console area: `read`, `write` and the `audit` their changes write through. */
export type AuditedRoutes = ReturnType<ApiRoutes['audited']>;

/**
 * A module's routes as the Fastify plugin its index.ts registers: `declare` is given `apiRoutes` under the
 * OpenAPI `tags`, the plugin's options and, for the rare plain Fastify route, the app.
 */
export function routesPlugin<O>(
  tags: string[],
  declare: (api: ApiRoutes, opts: O, app: FastifyInstance) => void,
): (app: FastifyInstance, opts: O) => Promise<void> {
  return async (app, opts) => declare(apiRoutes(app, { tags }), opts, app);
}

/**
 * The routes of an audited console area (`apiRoutes(app, { tags }).audited(area, opts.audit)`) as a Fastify
 * plugin: the plugin's `audit` option is the port their changes are written through.
 */
export function auditedRoutesPlugin<O>(
  tags: string[],
  area: PermissionArea,
  declare: (routes: AuditedRoutes, opts: O, app: FastifyInstance) => void,
): (app: FastifyInstance, opts: O & { audit: AuditPort }) => Promise<void> {
  return async (app, opts) => declare(apiRoutes(app, { tags }).audited(area, opts.audit), opts, app);
}

/**
 * The result of a list route (contract `listResult`): one page of rows, each mapped through `wire`, and how
 * many rows there are in all.
 */
export function listed<R, W>(
  page: { rows: R[]; total: number },
  wire: (row: R) => W,
): { data: W[]; total: number } {
  return { data: page.rows.map(wire), total: page.total };
}
