// One log format for every process of the site (the server, the worker, the nightly job, the
// digests): JSON lines through pino, at LOG_LEVEL (silent, error, warn, info, debug; info by default).
// Plain JavaScript, so that the scripts import it as it is and the built server bundles the same file.
import pino from 'pino';

const LEVELS = new Set(['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace']);

/** The level LOG_LEVEL names, info when it names none. */
export function logLevel(env = process.env) {
  const level = String(env.LOG_LEVEL ?? '').toLowerCase();
  return LEVELS.has(level) ? level : 'info';
}

const loggers = new Map();

/**
 * The level of a job's own report (what the nightly job built, how many digests went): info, or
 * more where LOG_LEVEL asks for more, and nothing at all with silent. A job reports its outcome at
 * LOG_LEVEL=error too, as a scheduler's log expects one line per run.
 */
export function reportLevel(env = process.env) {
  const level = logLevel(env);
  return level === 'silent' ? 'silent' : ['debug', 'trace'].includes(level) ? level : 'info';
}

/**
 * The logger of one part of the system (`name`: server, api, worker, nightly, digests...), writing
 * JSON lines to standard output: {"level":30,"time":"…","name":"server","msg":…}. A destination
 * stream may be given (tests).
 * @param {string} name
 * @param {{ level?: string, destination?: import('pino').DestinationStream }} [options]
 */
export function createLogger(name, options = {}) {
  const level = options.level ?? logLevel();
  if (!options.destination && loggers.has(`${name}:${level}`)) return loggers.get(`${name}:${level}`);
  const logger = pino(
    {
      name,
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination ?? process.stdout,
  );
  if (!options.destination) loggers.set(`${name}:${level}`, logger);
  return logger;
}
