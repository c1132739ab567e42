import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EventsFilter } from '../dcsa/query';
import type { Subscription, SubscriptionBody } from '../dcsa/schemas';
import type { Position } from './feed';

/**
 * The reference provider's subscriptions (DCSA TNT 2.2 /v2/event-subscriptions): the filters and
 * the callback the subscriber gave, its secret, and how far delivery has gone (the keyset position
 * of the last event the callback accepted). Kept in memory, and when a file is given, in that JSON
 * file too (written whole after each change, through a temporary file and a rename), so a restart
 * with the same file keeps them; without one a restart loses them, and the subscriber subscribes
 * again (the site does).
 */

export interface StoredSubscription {
  subscriptionID: string;
  body: SubscriptionBody;
  /** Base64, as given. */
  secret: string;
  /** When it was made (the provider's clock), epoch ms: events created after it are pushed. */
  createdAt: number;
  /** Order of creation (the listing's order and cursor). */
  seq: number;
  /** The last event delivered (created, eventID). */
  position: Position;
}

interface FileShape {
  version: 1;
  seq: number;
  subscriptions: StoredSubscription[];
}

/** After every event created at `at`: the position of a subscription made at `at`. */
export const positionAt = (at: number): Position => ({ created: at, id: '\uffff' });

export class SubscriptionStore {
  private byId = new Map<string, StoredSubscription>();
  private seq = 0;

  constructor(private readonly file?: string) {
    if (!file) return;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return; // no file yet
    }
    const saved = JSON.parse(text) as FileShape;
    if (saved.version !== 1 || !Array.isArray(saved.subscriptions)) throw new Error(`tracking provider: ${file} is not a subscriptions file of this provider`);
    this.seq = saved.seq;
    for (const s of saved.subscriptions) this.byId.set(s.subscriptionID, s);
  }

  list(): StoredSubscription[] {
    return [...this.byId.values()].sort((a, b) => a.seq - b.seq);
  }

  get(id: string): StoredSubscription | undefined {
    return this.byId.get(id);
  }

  create(body: SubscriptionBody, secret: string, now: number): StoredSubscription {
    const s: StoredSubscription = { subscriptionID: randomUUID(), body, secret, createdAt: now, seq: ++this.seq, position: positionAt(now) };
    this.byId.set(s.subscriptionID, s);
    this.save();
    return s;
  }

  /** New filters and callback (the delivery position stays). */
  update(id: string, body: SubscriptionBody): StoredSubscription | undefined {
    const s = this.byId.get(id);
    if (!s) return undefined;
    s.body = body;
    this.save();
    return s;
  }

  setSecret(id: string, secret: string): boolean {
    const s = this.byId.get(id);
    if (!s) return false;
    s.secret = secret;
    this.save();
    return true;
  }

  remove(id: string): boolean {
    const removed = this.byId.delete(id);
    if (removed) this.save();
    return removed;
  }

  /** Delivery reached a position (the callback accepted everything up to it). */
  advance(id: string, position: Position): void {
    const s = this.byId.get(id);
    if (!s) return;
    s.position = position;
    this.save();
  }

  private save(): void {
    if (!this.file) return;
    const data: FileShape = { version: 1, seq: this.seq, subscriptions: this.list() };
    mkdirSync(dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(data, null, 1));
    renameSync(temporary, this.file);
  }
}

/** A subscription as the API shows it: its ID and body, never the secret. */
export function publicSubscription(s: StoredSubscription): Subscription {
  return { subscriptionID: s.subscriptionID, ...s.body };
}

/** The events a subscription asks for. */
export function subscriptionFilter(body: SubscriptionBody): EventsFilter {
  const { callbackUrl: _callback, ...filters } = body;
  return filters;
}
