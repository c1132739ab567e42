import { createHash } from 'node:crypto';

/**
 * The reference provider's chance, made of hashes: every choice (a port pair, a sailing, a
 * delay, a container serial, an event's ID) is drawn from SHA-256 of the provider's seed and
 * the name of what is drawn, so the same seed gives the same shipments and events in every
 * process and on every run. Nothing here uses Math.random or the clock.
 */

/** A stream of uniform numbers from SHA-256 of a key: 8 draws of 32 bits per hash block. */
export class Draws {
  private block = Buffer.alloc(0);
  private offset = 0;
  private counter = 0;

  constructor(private readonly key: string) {}

  /** 32 random bits as an unsigned integer. */
  private bits(): number {
    if (this.offset + 4 > this.block.length) {
      this.block = createHash('sha256')
        .update(`${this.key}#${this.counter++}`)
        .digest();
      this.offset = 0;
    }
    const value = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  /** A number in [0, 1), 53 bits. */
  next(): number {
    return (this.bits() * 2 ** 21 + (this.bits() >>> 11)) / 2 ** 53;
  }

  /** An integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** A number in [lo, hi). */
  between(lo: number, hi: number): number {
    return lo + this.next() * (hi - lo);
  }

  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }

  /** One value by weight: [[value, weight], …] with positive weights. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((s, [, w]) => s + w, 0);
    let x = this.next() * total;
    for (const [value, w] of choices) {
      x -= w;
      if (x < 0) return value;
    }
    return choices[choices.length - 1][0];
  }
}

/** The draws of a key (a fresh stream: the same key always gives the same numbers). */
export const draws = (...parts: (string | number)[]) => new Draws(parts.join('|'));

/** One number in [0, 1) for a key. */
export const unit = (...parts: (string | number)[]) => draws(...parts).next();

/**
 * A deterministic UUID for a key: the first 16 bytes of SHA-256, with the version nibble 5
 * and the RFC 4122 variant bits (name-based, as UUIDv5, though hashed with SHA-256).
 */
export function stableUuid(...parts: (string | number)[]): string {
  const b = createHash('sha256').update(parts.join('|')).digest().subarray(0, 16);
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** An integer in [0, modulo) for a key (a fixed offset of a seed). */
export function hashInt(modulo: number, ...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) % modulo;
}
