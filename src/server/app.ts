import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { CODE } from '../contract/wire';
import type { AppDeps } from './deps';
import { answerError, requestIdOfContext } from './handle';
import { createLogger } from '../observability/log.mjs';
import { clickRoutes } from './routes/clicks';
import { healthRoutes } from './routes/health';
import { localRoutes } from './routes/local';
import { officeRoutes } from './routes/offices';
import { routeRoutes } from './routes/routes';
import { shipRoutes } from './routes/ships';
import { formsRoutes } from './routes/forms';
import { carbonRoutes } from './routes/carbon';
import { newsRoutes } from './routes/news';
import { helpRoutes } from './routes/help';
import { sclRoutes } from './routes/scl';
import { subscribeRoutes } from './routes/subscribe';
import { scheduleRoutes } from './routes/schedules';
import { trackingRoutes } from './routes/tracking';
import { openApiRoutes } from './routes/openapi';
import { EXAMPLE_CLIENT_ADDRESS, type ExampleCaller } from './openapi-examples';
import { apiRouteRecorder } from '../observability/requests.mjs';

export type { AppDeps } from './deps';

/**
 * The API: one Hono app mounted under the configured base path. Every answer,
 * including unknown paths and failures, is the contract's wrapper; no stack
 * trace ever leaves the process.
 */
export function createApp(deps: AppDeps, options: { callDcsa?: ExampleCaller } = {}) {
  const log = createLogger('api', { level: deps.config.logLevel });
  const app = new Hono().basePath(deps.config.apiBase);
  // the route that answered, for the request metrics (src/observability/requests.mjs)
  app.use(apiRouteRecorder());
  // the API's description and its reference page, ahead of the API's own headers (the page has its own policy);
  // its answer examples are this app's own answers, asked in process (src/server/openapi-examples.ts)
  const callApi: ExampleCaller = (path, init) => app.request(`http://localhost${deps.config.apiBase}${path}`, init, { clientAddress: EXAMPLE_CLIENT_ADDRESS });
  app.route('/', openApiRoutes(deps, callApi, options.callDcsa));

  app.use(
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      crossOriginResourcePolicy: deps.config.allowedOrigins.length ? 'cross-origin' : 'same-origin',
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );
  app.use(async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
    const origin = c.req.header('origin');
    if (origin && deps.config.allowedOrigins.includes(origin)) {
      c.header('access-control-allow-origin', origin);
      c.header('access-control-allow-credentials', 'true');
      c.header('vary', 'Origin');
    }
  });

  app.route('/', healthRoutes(deps));
  app.route('/', clickRoutes(deps));
  app.route('/', localRoutes(deps));
  app.route('/', routeRoutes());
  app.route('/', shipRoutes(deps));
  app.route('/', officeRoutes());
  app.route('/', formsRoutes(deps));
  app.route('/', carbonRoutes(deps));
  app.route('/', newsRoutes(deps));
  app.route('/', helpRoutes(deps));
  app.route('/', sclRoutes(deps));
  app.route('/', subscribeRoutes(deps));
  app.route('/', scheduleRoutes());
  app.route('/', trackingRoutes(deps));

  app.notFound((c) => answerError(c, CODE.notFound, `No such API call: ${c.req.method} ${new URL(c.req.url).pathname}`));
  app.onError((error, c) => {
    log.error({ err: error, id: requestIdOfContext(c), method: c.req.method, path: c.req.path }, 'the API failed to answer');
    if (isDatabaseDown(error)) return answerError(c, CODE.unavailable, 'Service temporarily unavailable, please retry shortly');
    return answerError(c, CODE.serverError, 'Internal error, please retry later');
  });
  return app;
}
export type App = ReturnType<typeof createApp>;

function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001', '08003'].includes(code ?? '')) return true;
  const message = `${(error as Error)?.message ?? ''} ${(error as { cause?: Error })?.cause?.message ?? ''}`;
  return /PGlite is closed|Cannot use a pool after calling end|Connection terminated|connection timeout/i.test(message);
}
