/**
 * buildApp(): the Fastify instance, fully wired, not listening (tests inject requests;
 * main.ts listens). Order matters: cookies before the error handler reads the language
 * cookie, the current-user hook before any route, generic resources and domains after.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../generator/manifest-types.ts';
import { registerCurrentUser } from './auth/current-user.ts';
import type { ServerConfig } from './config.ts';
import { domains as defaultDomains, type Domain } from './domains/index.ts';
import { frameworkErrorHandler, registerErrorHandler, sendError } from './http/error-handler.ts';
import { HttpError } from './http/errors.ts';
import { jsonDepthWithin, MAX_JSON_DEPTH } from './http/json-depth.ts';
import { requestLanguage } from './http/language.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { fileRoutes } from './files/routes.ts';
import { resourceRoutes } from './resources/routes.ts';
import { workflowRoutes } from './workflows/routes.ts';

export const API_PREFIX = '/api/sis';
export const CLIENT_DIR = path.resolve('dist/client');

export interface BuildOptions {
  manifest: Manifest;
  db: Kysely<any>;
  config: ServerConfig;
  /** Fastify logger options; false (the default) for silence in tests. */
  logger?: FastifyServerOptions['logger'];
  /** Domain plugins; the list in server/domains/index.ts unless given (tests pick their own). */
  domains?: Domain[];
  /** Built client to serve; dist/client when it exists. */
  clientDir?: string | null;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { manifest, db, config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // A malformed URL (a bad %-escape) fails before routing, where the error handler never runs:
    // without this, Fastify answers its own English body.
    frameworkErrors: frameworkErrorHandler(config.bodyLimit),
  });

  jsonBodies(app);
  await app.register(cookie);
  registerErrorHandler(app, config.bodyLimit);
  registerCurrentUser(app, db, manifest);
  registerSecurityHeaders(app);

  app.get('/api/health', async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return sendError(reply, 503, requestLanguage(request), 'unavailable');
    }
  });

  await app.register(resourceRoutes, { prefix: API_PREFIX, db, manifest, uploadsDir: config.uploadsDir });
  await app.register(fileRoutes, { prefix: API_PREFIX, db, manifest, uploadsDir: config.uploadsDir });
  await app.register(workflowRoutes, { prefix: API_PREFIX, db, manifest, config });
  for (const domain of options.domains ?? defaultDomains) {
    await app.register(domain.plugin, { prefix: domain.prefix ?? API_PREFIX, db, manifest, config });
  }

  const clientDir = options.clientDir === undefined ? CLIENT_DIR : options.clientDir;
  const serveClient = !!clientDir && fs.existsSync(path.join(clientDir, 'index.html'));
  if (serveClient) {
    // The build writes .br and .gz copies (engine/react/precompress.ts); hashed assets never change.
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      preCompressed: true,
      // @fastify/static 10 hands the Fastify reply to setHeaders (not the raw response).
      setHeaders: (reply: { header(name: string, value: string): unknown }, file: string) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // The client routes in the browser (history mode): any other GET gets the app's page.
    if (serveClient && !isApi && (request.method === 'GET' || request.method === 'HEAD'))
      return reply.sendFile('index.html');
    return sendError(reply, 404, requestLanguage(request), 'unknown_route');
  });
  return app;
}

/**
 * JSON only, by Fastify's own parser (it guards against prototype poisoning), except that an
 * empty body counts as no body, and a body nested deeper than MAX_JSON_DEPTH is refused (400): clients that set `Content-Type: application/json` on every
 * call send it on GET and DELETE too. text/plain is refused (415) rather than passed on as a string.
 */
function jsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    if (!jsonDepthWithin(body as string)) return done(new HttpError(400, 'json_too_deep', { limit: MAX_JSON_DEPTH }));
    return parse(request, body as string, done);
  });
}
