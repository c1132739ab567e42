import { Hono } from 'hono';
import { loadCarbonEngine } from '../../carbon';
import { calls } from '../../contract/calls';
import { CODE } from '../../contract/wire';
import { rateLimiterOf, type AppDeps } from '../deps';
import { say } from '../forms/messages';
import { loadCaptchaSecret } from '../forms/secret';
import { handle, WireError } from '../handle';
import { keepAnswers } from '../memo';
import { checkSignedToken, createSignedToken } from '../signed-token';

/** How long a calculator token stays valid. */
export const CARBON_TOKEN_TTL_SECONDS = 30 * 60;
const PURPOSE = 'carbon';

/**
 * /carbonCalculate/*: the carbon calculator (spec 001 §7), answered by the engine in
 * src/carbon from the committed content (no database but for the signing key).
 *
 * - getToken: a signed token valid for 30 minutes (t1.carbon.…), the key shared with
 *   the forms (src/server/forms/secret.ts) so every API process accepts it;
 * - getCity: up to 10 cities for a prefix, in the language asked; a token is
 *   optional but checked when sent;
 * - getDigital: 1 to 4 shipments, each validated on its own and carrying its own
 *   token; an unknown location id is a 400 naming the shipment and the field; a
 *   shipment no route serves answers its result with no routes ('No Data').
 *
 * Per client address, getToken and getDigital count against RATE_LIMIT_CARBON and
 * getCity against RATE_LIMIT_CARBON_CITY (the forms' database limiter, so every API
 * process counts the same requests); over the limit the answer is code 429.
 */
export function carbonRoutes(deps: AppDeps) {
  const router = new Hono();
  const now = deps.now ?? (() => new Date());
  const limiter = rateLimiterOf(deps);
  router.use(calls.carbonToken.path, limiter.middleware('carbon'));
  router.use(calls.carbonDigital.path, limiter.middleware('carbon'));
  router.use(calls.carbonCity.path, limiter.middleware('carbonCity'));
  // a search answer depends on its prefix and language only: kept, and given again from a lease of the same limit
  router.use(calls.carbonCity.path, keepAnswers({ bucket: 'carbonCity', unless: (c) => c.req.query('token') !== undefined }));
  let secret: Promise<string> | undefined;
  const key = () => {
    secret ??= loadCaptchaSecret(deps.database.db, deps.config.forms.captchaSecret).catch((error) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
  const requireToken = async (token: string, language: 0 | 1, where = '') => {
    const problem = checkSignedToken(token, { secret: await key(), purpose: PURPOSE, now: now() });
    if (problem) throw new WireError(CODE.forbidden, `${where}${say('carbon.err.token', language)}`);
  };

  handle(router, calls.carbonToken, async () => {
    const { token, expiresIn } = createSignedToken({ secret: await key(), purpose: PURPOSE, ttlSeconds: CARBON_TOKEN_TTL_SECONDS, now: now() });
    return { access_token: token, expires_in: expiresIn };
  });

  handle(router, calls.carbonCity, async ({ query, language }) => {
    if (query.token !== undefined) await requireToken(query.token, language, 'token: ');
    return loadCarbonEngine().searchCities(query.prefix, language);
  });

  handle(router, calls.carbonDigital, async ({ body, language }) => {
    const engine = loadCarbonEngine();
    for (const [i, shipment] of body.entries()) {
      await requireToken(shipment.token, language, `shipment ${i + 1}.token: `);
      for (const field of ['originLocationId', 'destinationLocationId'] as const) {
        if (!engine.network.city(shipment[field])) throw new WireError(CODE.badRequest, `shipment ${i + 1}.${field}: ${say('carbon.err.unknownCity', language, { id: shipment[field] })}`);
      }
    }
    return body.map((shipment, i) => engine.calculate(shipment, i + 1, language));
  });

  return router;
}
