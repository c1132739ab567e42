/**
 * The status the alert mails' unsubscribe link lands with (?alerts= on the tracking page, from
 * GET /tracking/alerts/unsubscribe): a module of its own, the island's first load takes only this.
 */
export function alertsLanding(search: string): 'unsubscribed' | 'invalid' | null {
  const value = new URLSearchParams(search).get('alerts');
  return value === 'unsubscribed' || value === 'invalid' ? value : null;
}
