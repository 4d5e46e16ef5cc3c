// @vitest-environment jsdom
/** useResource: one GET per path on mount, also under React's StrictMode (its effects run twice in development). */
import { StrictMode } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../engine/core/api/client.ts';
import { ApiProvider } from '../../../engine/react/data/ApiProvider.tsx';
import { useResource, type Resource } from '../../../engine/react/renderers/useResource.ts';

afterEach(cleanup);

function mount(get: (path: string) => Promise<unknown>) {
  const api = { get: vi.fn(get) } as unknown as ApiClient & { get: ReturnType<typeof vi.fn> };
  const seen: { current?: Resource<unknown> } = {};
  function Probe() {
    seen.current = useResource('/students/dashboard');
    return null;
  }
  render(
    <StrictMode>
      <ApiProvider api={api}>
        <Probe />
      </ApiProvider>
    </StrictMode>,
  );
  return { api, seen };
}

describe('useResource', () => {
  it('asks the server once on mount under StrictMode, and shows the answer', async () => {
    const { api, seen } = mount(async () => ({ gpa: 3.42 }));
    await act(async () => {});
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(seen.current).toMatchObject({ data: { gpa: 3.42 }, loading: false, error: null });
  });

  it('a failing call is made once (one error toast), and reload asks again', async () => {
    const { api, seen } = mount(async () => {
      throw new Error('400');
    });
    await act(async () => {});
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(seen.current?.error).toBeInstanceOf(Error);
    await act(async () => seen.current?.reload());
    expect(api.get).toHaveBeenCalledTimes(2);
  });
});
