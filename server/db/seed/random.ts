/**
 * A small seeded pseudo-random generator (mulberry32) for the demo data: the same seed gives
 * the same university on every machine, so screenshots, tests and benchmarks agree.
 */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** true with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** n decimal digits as text (leading zeros allowed). */
  digits(n: number): string {
    let text = '';
    for (let i = 0; i < n; i++) text += String(this.int(0, 9));
    return text;
  }
}

/** YYYY-MM-DD of a UTC date. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A date `days` after `date` (negative for before). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}
