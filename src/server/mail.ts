import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FormsConfig } from './forms/config';
import { metrics } from '../observability/metrics.mjs';

/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise each
 * message is written as an .eml file to the outbox folder (OUTBOX_DIR, by default
 * DATA_DIR/outbox) with one log line, so nothing is lost on a machine without a
 * mail server and staff can open the files in any mail program.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: { filename: string; path: string; contentType?: string }[];
  /** An HTML alternative of the text (newsletter mails). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** A Message-ID of the sender's choice (a digest resent after a crash keeps its id). */
  messageId?: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
}

/** nodemailer is loaded on the first message, not at start-up (it costs ~50 ms to load). */
function lazyTransport(options: Parameters<typeof import('nodemailer').createTransport>[0]): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(options) as Transporter));
}

/** A mailer whose failures are counted (mail_failures_total in /metrics), by transport. */
function counted(mailer: Mailer): Mailer {
  return {
    kind: mailer.kind,
    async send(message) {
      try {
        return await mailer.send(message);
      } catch (error) {
        metrics().mailFailures.inc({ transport: mailer.kind });
        throw error;
      }
    },
  };
}

export function createMailer(config: FormsConfig, log: (line: string) => void = () => {}): Mailer {
  return counted(uncountedMailer(config, log));
}

function uncountedMailer(config: FormsConfig, log: (line: string) => void): Mailer {
  if (config.smtpUrl) {
    const transport = lazyTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await (await transport()).sendMail({ from: config.mailFrom, ...message });
        log(`[mail] sent by SMTP: ${message.subject} (${info.messageId})`);
        return { messageId: info.messageId };
      },
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await (await transport()).sendMail({ from: config.mailFrom, ...message });
      mkdirSync(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(config.outboxDir, name);
      // Written under a temporary name first, so a reader never sees half a message.
      writeFileSync(`${file}.part`, info.message as Buffer);
      renameSync(`${file}.part`, file);
      log(`[mail] outbox ${file}: ${message.subject}`);
      return { messageId: info.messageId, file };
    },
  };
}
