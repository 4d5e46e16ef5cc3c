import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_DATA_INTERVAL_MS, createLiveDataPoller, type LiveData } from '../../../engine/core/index.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(signedIn = true) {
  const state = { signedIn };
  const get = vi.fn(async (path: string) => ({ chat_notification_count: 3, path }) as unknown);
  const onData = vi.fn<(d: LiveData) => void>();
  const poller = createLiveDataPoller({ api: { get: get as never }, isSignedIn: () => state.signedIn, onData });
  return { state, get, onData, poller };
}

describe('live data poll', () => {
  it('is every 180000 ms', () => {
    expect(LIVE_DATA_INTERVAL_MS).toBe(180000);
  });

  it('fetches GET /users/live-data at once and then every 180000 ms', async () => {
    const { get, onData, poller } = setup();
    poller.start();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/users/live-data', { toast: false });
    await vi.advanceTimersByTimeAsync(179_999);
    expect(get).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(get).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(180_000 * 3);
    expect(get).toHaveBeenCalledTimes(5);
    expect(onData).toHaveBeenLastCalledWith(expect.objectContaining({ chat_notification_count: 3 }));
    poller.stop();
  });

  it('does not start for a logged-out user', () => {
    const { get, poller } = setup(false);
    poller.start();
    expect(poller.running).toBe(false);
    expect(get).not.toHaveBeenCalled();
  });

  it('stops on logout (stop) and when a tick finds nobody signed in', async () => {
    const a = setup();
    a.poller.start();
    a.poller.stop();
    await vi.advanceTimersByTimeAsync(180_000 * 2);
    expect(a.get).toHaveBeenCalledTimes(1);

    const b = setup();
    b.poller.start();
    b.state.signedIn = false;
    await vi.advanceTimersByTimeAsync(180_000);
    expect(b.poller.running).toBe(false);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(b.get).toHaveBeenCalledTimes(1);
  });

  it('starting twice does not double the poll', async () => {
    const { get, poller } = setup();
    poller.start();
    poller.start();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(get).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('skips a tick while the previous call is still pending, and reports errors', async () => {
    let release!: () => void;
    const get = vi.fn(() => new Promise((resolve) => (release = () => resolve({}))));
    const onError = vi.fn();
    const poller = createLiveDataPoller({
      api: { get: get as never },
      isSignedIn: () => true,
      onData: () => {},
      onError,
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(get).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(get).toHaveBeenCalledTimes(2);
    poller.stop();

    const failing = createLiveDataPoller({
      api: { get: (() => Promise.reject(new Error('down'))) as never },
      isSignedIn: () => true,
      onData: () => {},
      onError,
    });
    failing.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'down' }));
    failing.stop();
  });

  it('uses an injected timer', () => {
    const timer = { setInterval: vi.fn(() => 42), clearInterval: vi.fn() };
    const poller = createLiveDataPoller({
      api: { get: (async () => ({})) as never },
      isSignedIn: () => true,
      onData: () => {},
      timer,
    });
    poller.start();
    expect(timer.setInterval).toHaveBeenCalledWith(expect.any(Function), 180000);
    poller.stop();
    expect(timer.clearInterval).toHaveBeenCalledWith(42);
  });
});

describe('live data refresh', () => {
  it('fetches out of turn while running, and not when stopped', async () => {
    const { get, poller } = setup();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.refresh();
    expect(get).toHaveBeenCalledTimes(2);
    poller.stop();
    poller.refresh();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
