import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { formsContext } from '../forms/context';
import { captchaRoutes } from './captcha';
import { contactRoutes } from './contact';
import { countryRoutes } from './countries';
import { recruitingRoutes } from './recruiting';

/** The forms' calls: captcha, leave a message, countries, recruiting and résumé upload. */
export function formsRoutes(deps: AppDeps) {
  const forms = formsContext(deps);
  const router = new Hono();
  router.route('/', captchaRoutes(forms));
  router.route('/', contactRoutes(forms));
  router.route('/', countryRoutes());
  router.route('/', recruitingRoutes(forms));
  return router;
}
