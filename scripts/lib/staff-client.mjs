// The staff API as the console calls it, for the scripts that act as an editor (the publish bench,
// the edge's smoke tests): an account made with `npm run staff -- add` (scripts/staff.mjs) in the
// site's database, its invitation's password set, signed in with password and TOTP.
import { spawnSync } from 'node:child_process';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/**
 * Makes a staff account with `scripts/staff.mjs add` (run with `env`: its DATABASE_URL or DATA_DIR,
 * STAFF_ORIGIN) and answers its invitation's token.
 * @param {{ email: string, role: string, name: string, env: Record<string, string | undefined>, cwd?: string, node?: string }} options
 * @returns {string}
 */
export function inviteStaff({ email, role, name, env, cwd, node = process.execPath }) {
  const made = spawnSync(node, ['scripts/staff.mjs', 'add', '--email', email, '--role', role, '--name', name], { cwd, env, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`staff add failed: ${made.stderr || made.stdout}`);
  const url = /(https?:\/\/\S+\/staff\/set-password\?\S+)/.exec(made.stdout)?.[1];
  if (!url) throw new Error(`staff add printed no invitation link: ${made.stdout}`);
  const token = new URL(url).searchParams.get('token');
  if (!token) throw new Error(`the invitation link has no token: ${url}`);
  return token;
}

/**
 * Sets the password of an invited account, signs in and turns on TOTP (an editor needs a second
 * factor): answers a function calling the staff API (`call(path)` GETs, `call(path, body)` POSTs
 * JSON; `call(path, body, via)` sends it to another address of the same site, as nginx's behind the
 * edge) that answers the wire wrapper's content, and throws on an error answer.
 * @param {string} origin the site's origin as the browser sees it (STAFF_ORIGIN)
 * @param {{ email: string, token: string, password: string }} account
 */
export async function signInStaff(origin, { email, token, password }) {
  const cookies = new Map();
  const call = async (path, body, via = origin) => {
    const response = await fetch(`${via}/homeapiak/staff${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      // a connection each: a kept-alive one idle through a build may be closed by the server just as it is reused
      headers: { origin, 'content-type': 'application/json', connection: 'close', cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const answer = await response.json();
    if (!response.ok || (answer.code && answer.code !== '200')) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.data?.content ?? answer;
  };
  await call('/auth/reset-password', { token, newPassword: password });
  await call('/auth/sign-in/email', { email, password });
  const enabled = await call('/auth/two-factor/enable', { password });
  const secret = new TextDecoder().decode(base32.decode(new URL(enabled.totpURI).searchParams.get('secret')));
  await call('/auth/two-factor/verify-totp', { code: await createOTP(secret).totp() });
  return call;
}
