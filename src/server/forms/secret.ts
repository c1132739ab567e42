import type { Db } from '../db';
import { keptSecret } from '../kept-secret';

/**
 * The key that signs captcha signs: CAPTCHA_SECRET when set; otherwise one kept in the database
 * (../kept-secret.ts), so every API process verifies the signs of the others, and a restart does
 * not invalidate the captchas on screen.
 */
export const loadCaptchaSecret = (db: Db, configured?: string): Promise<string> => keptSecret(db, 'captcha_secret', configured);
