import { z } from 'zod';

/** Configuration of the worker (read with the rest in src/server/config.ts). */
export const WorkerEnv = {
  WORKER: z
    .enum(['inprocess', 'separate', 'off'], { error: 'WORKER must be inprocess, separate or off' })
    .optional()
    .describe(
      'Who builds the site when the newsroom publishes: inprocess (this server; the default with the embedded PGlite), separate (`npm run worker`; the default with PostgreSQL), off (nobody: no builds are asked for)',
    ),
  NEWS_API_URL: z
    .url({ protocol: /^https?$/, error: 'NEWS_API_URL must be an http(s) URL' })
    .optional()
    .describe('The API the builds pull the news from; default: this server (http://127.0.0.1:PORT/homeapiak)'),
  SITE_ROOT: z.string().min(1).optional().describe('The project folder the worker builds the site in (its content/news, dist/ and var/releases); default: the working folder'),
};

export interface WorkerConfig {
  mode: 'inprocess' | 'separate' | 'off';
  newsApiUrl: string;
  root: string;
}

export function workerConfig(
  e: { WORKER?: WorkerConfig['mode']; NEWS_API_URL?: string; SITE_ROOT?: string; DATABASE_URL?: string; PUBLIC_API_BASE: string },
  env: Record<string, string | undefined>,
): WorkerConfig {
  return {
    mode: e.WORKER ?? (e.DATABASE_URL ? 'separate' : 'inprocess'),
    newsApiUrl: e.NEWS_API_URL ?? `http://127.0.0.1:${env.PORT || '4321'}${e.PUBLIC_API_BASE}`,
    root: e.SITE_ROOT ?? process.cwd(),
  };
}
