import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { failure } from './platform/envelope.ts';

const apiPrefixes = ['/fe-', '/financing/', '/api/', '/kline-api/', '/ws', '/stream', '/health'];

/**
 * Serves the built web app under the base path with history fallback: any GET that is not an API call and not a
 * file gets index.html, with a <base> tag so the app's relative assets resolve from nested routes.
 */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const indexFile = path.join(config.webDist, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  const base = `${config.basePath}/`;
  const indexHtml = hasWebApp
    ? fs.readFileSync(indexFile, 'utf8').replace('<head>', `<head><base href="${base}">`)
    : '';

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: base,
      index: false,
      wildcard: false,
      maxAge: '1y',
      immutable: true,
      // The build writes .br and .gz copies of its text assets: sent to browsers that accept them, so a shared cache
      // must key on the encoding asked for.
      preCompressed: true,
      setHeaders: (res) => res.setHeader('vary', 'Accept-Encoding'),
      serve: true,
    });
  } else {
    app.log.warn({ webDist: config.webDist }, 'web app not built: serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const local = config.basePath && url.startsWith(config.basePath) ? url.slice(config.basePath.length) : url;
    const isApi = apiPrefixes.some((p) => local.startsWith(p));
    if (request.method === 'GET' && hasWebApp && !isApi && url.startsWith(config.basePath)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send(failure(ErrorCode.notFound, `No such call: ${request.method} ${url}`));
  });
}
