// @vitest-environment jsdom
/**
 * The wizard over the admission API: a tab reads its saved values back; what is typed is kept
 * as a local draft until the server confirms the save (a failed save keeps it and says so, a
 * reload restores it over the server's copy); the server's field errors show on the field; a
 * confirmed save clears the draft, marks the tabs done and moves on. And the upload field
 * checks size and type before sending, shows progress, replaces and deletes.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { useMemo } from 'react';
import { useApi } from '../../../engine/react/data/ApiProvider.tsx';
import { StoryProviders } from '../../../engine/react/testing/StoryProviders.tsx';
import type { FixtureRoute } from '../../../engine/react/testing/fixture-api.ts';
import { WizardView } from '../../../engine/react/renderers/wizard/WizardRenderer.tsx';
import { createDraftStore, draftKey, type DraftStorage } from '../../../engine/react/renderers/wizard/drafts.ts';
import { admissionSource } from '../../../engine/react/pages/admission/admission-api.ts';
import { ServerUploadField } from '../../../engine/react/renderers/form/ServerUploadField.tsx';
import type { UploadTarget } from '../../../engine/react/renderers/form/upload-target.tsx';
import { fixtureManifest } from './fixture-manifest.ts';

afterEach(cleanup);
beforeAll(() => {
  window.scrollTo = () => {};
});

const manifest = fixtureManifest();
const wizard = manifest.wizards.admission_form;
const formScreen = manifest.screens.admissionForm;
const SECRET = 'k'.repeat(43);
const KEY = draftKey('admission_form', `12-${SECRET.slice(0, 12)}`, 'nationality');

function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function Page({ storage }: { storage: DraftStorage }) {
  const params = useParams();
  const api = useApi();
  const link = useMemo(
    () => ({ id: params.id ?? '', type: params.type ?? '', secret: params.secretKey ?? '' }),
    [params.id, params.type, params.secretKey],
  );
  const source = useMemo(() => admissionSource(api, link), [api, link]);
  const drafts = useMemo(() => createDraftStore(storage), []); // eslint-disable-line react-hooks/exhaustive-deps
  return <WizardView wizard={wizard} screen={formScreen} params={params} source={source} drafts={drafts} />;
}

function mount(routes: FixtureRoute[], storage: DraftStorage, at = `/admissionForm/1/12/${SECRET}/nationality`) {
  const router = createMemoryRouter(
    [{ path: '/admissionForm/:type/:id/:secretKey/:name?', element: <Page storage={storage} /> }],
    {
      initialEntries: [at],
    },
  );
  render(
    <StoryProviders manifest={manifest} language="en" user={null} routes={routes}>
      <RouterProvider router={router} />
    </StoryProviders>,
  );
  return router;
}

const WAIT = { timeout: 8000 };
const emailBox = () => screen.findByRole('textbox', { name: /Email/ }, WAIT);

describe('admission wizard tabs', () => {
  it('reads the tab back, keeps typing as a draft while saves fail, and clears it once the server confirms', async () => {
    const storage = memoryStorage();
    let failNext = true;
    const saves: unknown[] = [];
    const routes: FixtureRoute[] = [
      {
        method: 'get',
        path: '/admission/12/nationality',
        respond: () => ({ data: { data: { email: 'saved@example.com' }, completed_tabs: [] } }),
      },
      {
        method: 'post',
        path: '/admission/12/nationality',
        respond: (request) => {
          saves.push(request.body);
          if (failNext) return { status: 503, data: { error: 'Service unavailable' } };
          return { data: { data: request.body, completed_tabs: ['nationality'], next_tab: 'personal_info' } };
        },
      },
      {
        method: 'get',
        path: '/admission/12/personal_info',
        respond: () => ({ data: { data: {}, completed_tabs: ['nationality'] } }),
      },
    ];
    const router = mount(routes, storage);
    const box = await emailBox();
    expect((box as HTMLInputElement).value).toBe('saved@example.com');

    fireEvent.change(box, { target: { value: 'new@example.com' } });
    expect(JSON.parse(storage.map.get(KEY) ?? '{}').data).toMatchObject({ email: 'new@example.com' });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await screen.findByText(/Not saved yet/, {}, WAIT);
    expect(saves).toHaveLength(1);
    expect((screen.getByRole('textbox', { name: /Email/ }) as HTMLInputElement).value).toBe('new@example.com');
    expect(JSON.parse(storage.map.get(KEY) ?? '{}').data).toMatchObject({ email: 'new@example.com' });
    expect(router.state.location.pathname).toBe(`/admissionForm/1/12/${SECRET}/nationality`);

    failNext = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/admissionForm/1/12/${SECRET}/personal_info`),
      WAIT,
    );
    expect(saves[1]).toMatchObject({ email: 'new@example.com' });
    expect(storage.map.has(KEY)).toBe(false);
    await waitFor(
      () => expect(document.querySelector('[data-tab="nationality"]')?.getAttribute('data-done')).toBe('true'),
      WAIT,
    );
  });

  it('restores a draft over the server copy after a reload and says so', async () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify({ data: { email: 'typed-before-reload@example.com' }, savedAt: 1 }));
    mount(
      [
        {
          method: 'get',
          path: '/admission/12/nationality',
          respond: () => ({ data: { data: { email: 'saved@example.com' }, completed_tabs: [] } }),
        },
      ],
      storage,
    );
    expect(((await emailBox()) as HTMLInputElement).value).toBe('typed-before-reload@example.com');
    expect(screen.getByText(/unsaved changes to this tab were restored/)).toBeTruthy();
  });

  it("shows the server's field error on the field and saves nothing locally as confirmed", async () => {
    const storage = memoryStorage();
    mount(
      [
        {
          method: 'get',
          path: '/admission/12/nationality',
          respond: () => ({ data: { data: {}, completed_tabs: [] } }),
        },
        {
          method: 'post',
          path: '/admission/12/nationality',
          respond: () => ({
            status: 422,
            data: {
              message: 'Please Check Inputs Errors, And Try Again',
              errors: { national_id: { en: 'The national id must be 14 digits', ar: 'الرقم القومي 14 رقمًا' } },
            },
          }),
        },
      ],
      storage,
    );
    fireEvent.change(await emailBox(), { target: { value: 'a@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await screen.findByText('The national id must be 14 digits', {}, WAIT);
    expect(storage.map.has(KEY)).toBe(true);
    // The server refused the values: the notice says to correct them, not to wait for the network.
    expect(screen.getByText(/Not saved: correct what is marked and save again/)).toBeTruthy();
    expect(screen.queryByText(/back online/)).toBeNull();
  });

  it('saves again a tab whose optional fields the server gives back as null', async () => {
    const storage = memoryStorage();
    const saves: unknown[] = [];
    mount(
      [
        {
          method: 'get',
          path: '/admission/12/nationality',
          respond: () => ({
            data: {
              data: { email: 'saved@example.com', national_id: null, passport: null },
              completed_tabs: ['nationality'],
            },
          }),
        },
        {
          method: 'post',
          path: '/admission/12/nationality',
          respond: (request) => (
            saves.push(request.body),
            { data: { data: request.body, completed_tabs: ['nationality'] } }
          ),
        },
        {
          method: 'get',
          path: '/admission/12/personal_info',
          respond: () => ({ data: { data: {}, completed_tabs: ['nationality'] } }),
        },
      ],
      storage,
    );
    await emailBox();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await waitFor(() => expect(saves).toEqual([{ email: 'saved@example.com' }]), WAIT);
    expect(screen.queryByText(/must be/)).toBeNull();
  });

  it('names the tab in the address when the link has none (the form opens on its first tab)', async () => {
    const router = mount(
      [
        {
          method: 'get',
          path: '/admission/12/nationality',
          respond: () => ({ data: { data: {}, completed_tabs: [] } }),
        },
      ],
      memoryStorage(),
      `/admissionForm/1/12/${SECRET}`,
    );
    await emailBox();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admissionForm/1/12/${SECRET}/nationality`), WAIT);
    // Replaced, not pushed: Back leaves the form instead of returning to the address without a tab.
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('upload field with a server target', () => {
  function target(
    over: Partial<UploadTarget> = {},
  ): UploadTarget & { upload: ReturnType<typeof vi.fn>; remove: ReturnType<typeof vi.fn> } {
    return {
      editable: true,
      upload: vi.fn(async (_field: string, file: File, onProgress: (f: number) => void) => {
        onProgress(0.5);
        return `files/photo/${file.name}`;
      }),
      remove: vi.fn(async () => undefined),
      ...over,
    } as never;
  }
  const rule = { maxSizeMB: 30, accept: ['pdf', 'jpg', 'png'] };
  function file(name: string, size: number): File {
    const f = new File(['x'], name);
    Object.defineProperty(f, 'size', { value: size });
    return f;
  }
  function renderField(t: UploadTarget, value?: string, onChange = vi.fn()) {
    render(
      <StoryProviders manifest={manifest} language="en" user={null}>
        <ServerUploadField
          id="photo"
          field="photo"
          label="Photo"
          required
          disabled={false}
          value={value}
          rule={rule}
          target={t}
          onChange={onChange}
        />
      </StoryProviders>,
    );
    return onChange;
  }

  it('refuses a 31 MB file and a wrong type without sending anything', async () => {
    const t = target();
    renderField(t);
    const input = (await screen.findByLabelText(/Choose file/)) as HTMLInputElement;
    await act(async () => fireEvent.change(input, { target: { files: [file('scan.pdf', 31 * 1024 * 1024)] } }));
    expect(screen.getByText(/scan.pdf: The file is larger than 30 MB/)).toBeTruthy();
    await act(async () => fireEvent.change(input, { target: { files: [file('setup.exe', 100)] } }));
    expect(screen.getByText(/setup.exe: Accepted file types: pdf, jpg, png/)).toBeTruthy();
    expect(t.upload).not.toHaveBeenCalled();
  });

  it('sends an accepted file and keeps the reference; shows the refusal of the server', async () => {
    const t = target();
    const onChange = renderField(t);
    const input = (await screen.findByLabelText(/Choose file/)) as HTMLInputElement;
    await act(async () => fireEvent.change(input, { target: { files: [file('id.png', 1000)] } }));
    expect(t.upload).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('files/photo/id.png');
    cleanup();
    const refusing = target({
      upload: vi.fn(async () => Promise.reject(new Error("The file's content does not match its extension"))),
    });
    renderField(refusing);
    const again = (await screen.findByLabelText(/Choose file/)) as HTMLInputElement;
    await act(async () => fireEvent.change(again, { target: { files: [file('fake.pdf', 1000)] } }));
    expect(screen.getByText("The file's content does not match its extension")).toBeTruthy();
  });

  it('replaces and deletes a stored file while editable, neither once locked', async () => {
    const t = target();
    const onChange = renderField(t, 'files/photo/old.png');
    expect(await screen.findByText('old.png')).toBeTruthy();
    expect(screen.getByText('Replace')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    expect(t.remove).toHaveBeenCalledWith('photo', 'files/photo/old.png');
    expect(onChange).toHaveBeenCalledWith(undefined);
    cleanup();
    renderField(target({ editable: false }), 'files/photo/old.png');
    expect(await screen.findByText('old.png')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText('Files can no longer be changed')).toBeTruthy();
  });
});
