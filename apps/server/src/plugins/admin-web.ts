import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../errors';
import { failure } from './errors';

/**
 * The operator console (apps/admin, built by Vite with base `/admin/`) served from the API's origin, so its
 * `/api/admin/*` calls need no CORS and its token never crosses origins.
 *
 * Everything lives in its own encapsulated context under the `/admin` prefix, including its own not-found
 * handler: Fastify picks the not-found handler of the most specific prefix, so an unknown `/admin/...` page
 * (a client-side route after a reload) gets the console's index.html while every other unknown address keeps
 * the root handler (the player app's index, or the JSON 404). Neither handler needs to know about the other.
 *
 * index.html is read per request rather than cached, so a rebuild (`npm run build:admin`) is served without
 * a restart; hashed assets are immutable and cached for a year.
 */
export interface AdminWebOptions {
  distDir: string;
}

export default async function adminWebPlugin(app: FastifyInstance, opts: AdminWebOptions) {
  const indexFile = path.join(opts.distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (!built) app.log.info({ distDir: opts.distDir }, 'operator console not built; /admin answers 404');

  await app.register(
    async (scope) => {
      const notFound = (request: FastifyRequest, reply: FastifyReply) => {
        const url = request.url.length > 200 ? `${request.url.slice(0, 200)}…` : request.url;
        return reply.status(404).send(failure(request, new AppError('NOT_FOUND', { url })));
      };
      // Without a build, /admin answers 404 rather than falling through to the player app's index.
      const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
        const html = await fs.promises.readFile(indexFile).catch(() => null);
        if (!html) return notFound(request, reply);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      };

      if (built) {
        await scope.register(fastifyStatic, {
          root: opts.distDir,
          // The player app's static plugin owns reply.sendFile; a second decoration would collide.
          decorateReply: false,
          index: false,
          setHeaders: (reply, filePath) => {
            const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
            reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
          },
        });
      }
      scope.get('/', { schema: { hide: true } }, sendIndex);

      scope.setNotFoundHandler({ preHandler: app.limitBy('notFound') }, (request, reply) => {
        const acceptsHtml = (request.headers.accept ?? '').includes('text/html');
        if ((request.method === 'GET' || request.method === 'HEAD') && acceptsHtml) {
          return sendIndex(request, reply);
        }
        return notFound(request, reply);
      });
    },
    { prefix: '/admin' },
  );
}
