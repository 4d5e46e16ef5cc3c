/**
 * The live user data poll (portal-core section 7): GET /users/live-data right away and then
 * every 180000 ms while a user is signed in (it carries chat_notification_count). A tick
 * finding nobody signed in stops the poll; `stop()` is what logout calls.
 */

export const LIVE_DATA_PATH = '/users/live-data';
export const LIVE_DATA_INTERVAL_MS = 180_000;

export interface LiveData {
  chat_notification_count?: number;
  [key: string]: unknown;
}

/** setInterval/clearInterval, injectable for tests. */
export interface IntervalTimer {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface LiveDataPollerOptions {
  api: { get<T>(path: string, config?: { toast?: boolean }): Promise<T> };
  isSignedIn: () => boolean;
  onData: (data: LiveData) => void;
  onError?: (error: unknown) => void;
  timer?: IntervalTimer;
  intervalMs?: number;
}

export interface LiveDataPoller {
  /** Starts polling (fetching at once) if a user is signed in; a no-op when running. */
  start(): void;
  stop(): void;
  /** Fetches now, out of turn (a screen that just changed a counter, say the chat's unread). */
  refresh(): void;
  readonly running: boolean;
}

const globalTimer: IntervalTimer = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

export function createLiveDataPoller(options: LiveDataPollerOptions): LiveDataPoller {
  const timer = options.timer ?? globalTimer;
  const intervalMs = options.intervalMs ?? LIVE_DATA_INTERVAL_MS;
  let handle: unknown;
  let running = false;
  let inFlight = false;

  const tick = (): void => {
    if (!options.isSignedIn()) return stop();
    if (inFlight) return; // a slow answer: skip this turn rather than pile requests up
    inFlight = true;
    options.api
      .get<LiveData>(LIVE_DATA_PATH, { toast: false })
      .then((data) => {
        if (running) options.onData(data ?? {});
      })
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        inFlight = false;
      });
  };

  function stop(): void {
    if (!running) return;
    running = false;
    timer.clearInterval(handle);
    handle = undefined;
  }

  return {
    start() {
      if (running || !options.isSignedIn()) return;
      running = true;
      handle = timer.setInterval(tick, intervalMs);
      tick();
    },
    stop,
    refresh() {
      if (running) tick();
    },
    get running() {
      return running;
    },
  };
}
