/**
 * Admission control for the registration writes. At most `concurrency` write transactions run
 * at once per process (more would only queue inside the connection pool, holding row locks
 * longer); the rest wait in order. A call that would wait longer than `maxWaitMs`, or find
 * `maxQueue` calls ahead of it, is answered 503 with Retry-After at once and has done nothing,
 * so the client can show 'busy, retrying' and try again with the same Idempotency-Key.
 *
 * REGISTRATION_CONCURRENCY (default 8), REGISTRATION_MAX_QUEUE (default 2000),
 * REGISTRATION_MAX_WAIT_MS (default 10000).
 */
import { Refusal } from './refusal.ts';

export interface GateOptions {
  concurrency: number;
  maxQueue: number;
  maxWaitMs: number;
}

export function gateOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): GateOptions {
  const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : d);
  return {
    concurrency: int(env.REGISTRATION_CONCURRENCY, 8),
    maxQueue: int(env.REGISTRATION_MAX_QUEUE, 2000),
    maxWaitMs: int(env.REGISTRATION_MAX_WAIT_MS, 10_000),
  };
}

export class Gate {
  private running = 0;
  private readonly queue: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];
  constructor(readonly options: GateOptions) {}

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await task();
    } finally {
      this.leave();
    }
  }

  private enter(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(new Refusal('reg_busy', {}, 503));
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer);
          this.running++;
          resolve();
        },
        timer: setTimeout(() => {
          const at = this.queue.indexOf(entry);
          if (at >= 0) this.queue.splice(at, 1);
          reject(new Refusal('reg_busy', {}, 503));
        }, this.options.maxWaitMs),
      };
      this.queue.push(entry);
    });
  }

  private leave(): void {
    this.running--;
    const next = this.queue.shift();
    if (next) next.start();
  }
}
