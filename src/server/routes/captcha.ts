import { Hono } from 'hono';
import { calls } from '../../contract/calls';
import { createCaptcha } from '../forms/captcha';
import type { FormsContext } from '../forms/context';
import { handle } from '../handle';

/** GET /public/captcha/new: a picture and its sign (rate-limited per client address). */
export function captchaRoutes(forms: FormsContext) {
  const router = new Hono();
  router.use(calls.captcha.path, forms.limiter.middleware('captcha'));
  handle(router, calls.captcha, async () => {
    const { imageCode, sign } = createCaptcha({
      secret: await forms.secret(),
      ttlSeconds: forms.config.captchaTtlSeconds,
      now: forms.now(),
      fixedAnswer: forms.config.captchaTestAnswer,
    });
    return { imageCode, sign };
  });
  return router;
}
