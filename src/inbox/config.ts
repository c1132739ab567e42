import { z } from 'zod';

/** Configuration of the inbox's retention (read with the rest in src/server/config.ts). */
const days = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number of days (0 keeps for ever)` })
    .int({ error: `${name} must be a whole number of days (0 keeps for ever)` })
    .min(0, { error: `${name} must be a whole number of days (0 keeps for ever)` });

export const InboxEnv = {
  RETENTION_MESSAGES_DAYS: days('RETENTION_MESSAGES_DAYS').default(365).describe('Messages are deleted this many days after they were closed (or marked spam); 0 keeps them'),
  RETENTION_APPLICATIONS_DAYS: days('RETENTION_APPLICATIONS_DAYS').default(180).describe('Applications and their résumé files are deleted this many days after receipt; 0 keeps them'),
};

export interface InboxConfig {
  /** Days after closing; 0: kept. */
  messagesDays: number;
  /** Days after receipt; 0: kept. */
  applicationsDays: number;
}

export const inboxConfig = (e: { RETENTION_MESSAGES_DAYS: number; RETENTION_APPLICATIONS_DAYS: number }): InboxConfig => ({
  messagesDays: e.RETENTION_MESSAGES_DAYS,
  applicationsDays: e.RETENTION_APPLICATIONS_DAYS,
});
