import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { MailMessage, Mailer } from '../../src/server/mail';
import { createCaptcha } from '../../src/server/forms/captcha';
import { loadCaptchaSecret } from '../../src/server/forms/secret';
import { UNLIMITED_RATE_ENV } from '../../src/server/forms/config';
import { startHarness, type Harness } from './harness';
import { EXAMPLE_MESSAGE } from '../../src/contract/examples';

/** Helpers of the forms' API tests: a movable clock, a mailer that keeps what it is given, form posts from a client address. */

export class MemoryMailer implements Mailer {
  kind = 'outbox' as const;
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
    return { messageId: `<${this.sent.length}@test>` };
  }
}

export function testClock(start = '2026-11-20T08:00:00Z') {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

export interface FormsHarness extends Harness {
  mailer: MemoryMailer;
  clock: ReturnType<typeof testClock>;
  uploadDir: string;
  outboxDir: string;
  post(path: string, fields: Record<string, string>, options?: RequestOptions): Promise<Answer>;
  get(path: string, options?: RequestOptions): Promise<Answer>;
  upload(file: { name: string; data: Uint8Array; type?: string } | null, options?: RequestOptions): Promise<Answer>;
  /** A captcha solved on the server side (its answer comes from createCaptcha, as the picture shows it). */
  solved(): Promise<{ code: string; sign: string }>;
  count(table: string): Promise<number>;
}

export interface RequestOptions {
  language?: 0 | 1;
  ip?: string;
  headers?: Record<string, string>;
}
export interface Answer {
  status: number;
  body: { code: string; message: string; data: { content: unknown } };
  headers: Headers;
}

export async function startForms(env: Record<string, string> = {}, options: { mailer?: Mailer } = {}): Promise<FormsHarness> {
  const root = mkdtempSync(join(tmpdir(), 'forms-test-'));
  const uploadDir = join(root, 'uploads');
  const outboxDir = join(root, 'outbox');
  const mailer = new MemoryMailer();
  const clock = testClock();
  const h = await startHarness({ UPLOAD_DIR: uploadDir, OUTBOX_DIR: outboxDir, ...UNLIMITED_RATE_ENV, ...env }, { now: clock.now, mailer: options.mailer ?? mailer });
  const base = `http://test.local${h.config.apiBase}`;
  const send = async (path: string, init: RequestInit, o: RequestOptions = {}): Promise<Answer> => {
    const url = new URL(`${base}${path}`);
    if (!url.searchParams.has('language')) url.searchParams.set('language', String(o.language ?? 1));
    const response = await h.app.request(url.href, { ...init, headers: { ...(init.headers as Record<string, string>), ...o.headers } }, { clientAddress: o.ip ?? '203.0.113.7' });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text), headers: response.headers };
    } catch {
      throw new Error(`Not JSON (HTTP ${response.status}): ${text.slice(0, 200)}`);
    }
  };
  return {
    ...h,
    mailer,
    clock,
    uploadDir,
    outboxDir,
    post: (path, fields, o) => send(path, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }, o),
    get: (path, o) => send(path, { method: 'GET' }, o),
    upload(file, o) {
      const form = new FormData();
      if (file) form.set('file', new File([file.data as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'application/octet-stream' }));
      return send('/webUpload/upload', { method: 'POST', body: form }, o);
    },
    async solved() {
      const secret = await loadCaptchaSecret(h.database.db, h.config.forms.captchaSecret);
      const { answer, sign } = createCaptcha({ secret, ttlSeconds: h.config.forms.captchaTtlSeconds, now: clock.now() });
      return { code: answer, sign };
    },
    async count(table) {
      const result = await h.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
      const rows = (result as unknown as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]);
      return Number(rows[0].n);
    },
  };
}

/** A message that passes every rule (without captcha). */
export function validMessage(over: Record<string, string> = {}): Record<string, string> {
  return {
    ...EXAMPLE_MESSAGE,
    ...over,
  };
}
