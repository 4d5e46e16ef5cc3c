/**
 * Local drafts of wizard tabs (admission-and-grid 2: "nothing typed is lost when a save
 * fails, the network drops or the page reloads"). Every change of a tab is written to the
 * browser's storage under one key per wizard, record and tab; the draft is removed only once the
 * server confirmed the save, and a draft found on load wins over the server's copy, since it
 * holds what the user typed after the last confirmed save.
 *
 * Pure apart from the storage it is given (localStorage in the app, a Map in tests). Storage
 * failures (private mode, quota) are swallowed: a draft is a safety net, never a reason to
 * stop the user typing.
 */

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Draft {
  data: Record<string, unknown>;
  /** ms since the epoch of the last change. */
  savedAt: number;
}

export interface DraftStore {
  read(key: string): Draft | undefined;
  write(key: string, data: Record<string, unknown>): void;
  clear(key: string): void;
}

const PREFIX = 'rowaq:draft';

/** One key per wizard, record and tab; the record key tells applicants (and their links) apart. */
export function draftKey(wizard: string, record: string, tab: string): string {
  return `${PREFIX}:${wizard}:${record}:${tab}`;
}

export function createDraftStore(storage: DraftStorage | undefined, now: () => number = Date.now): DraftStore {
  return {
    read(key) {
      if (!storage) return undefined;
      try {
        const text = storage.getItem(key);
        if (!text) return undefined;
        const parsed = JSON.parse(text) as Partial<Draft>;
        if (!parsed || typeof parsed !== 'object' || !parsed.data || typeof parsed.data !== 'object') return undefined;
        return { data: parsed.data, savedAt: typeof parsed.savedAt === 'number' ? parsed.savedAt : 0 };
      } catch {
        return undefined;
      }
    },
    write(key, data) {
      try {
        storage?.setItem(key, JSON.stringify({ data, savedAt: now() } satisfies Draft));
      } catch {
        // quota or private mode: keep going without a draft
      }
    },
    clear(key) {
      try {
        storage?.removeItem(key);
      } catch {
        // nothing to clear
      }
    },
  };
}

/** The browser's localStorage when there is one (not in server-side code or some tests). */
export function browserDraftStorage(): DraftStorage | undefined {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a tab shows on load: the server's values with the draft's on top. A draft key the
 * server does not know is kept as typed; `restored` says whether the draft changed anything,
 * so the tab can say that unsaved changes were brought back.
 */
export function mergeDraft(
  server: Readonly<Record<string, unknown>> | undefined,
  draft: Draft | undefined,
): { data: Record<string, unknown>; restored: boolean } {
  const base = { ...(server ?? {}) };
  if (!draft) return { data: base, restored: false };
  let restored = false;
  for (const [key, value] of Object.entries(draft.data)) {
    if (JSON.stringify(base[key]) !== JSON.stringify(value)) restored = true;
    base[key] = value;
  }
  return { data: base, restored };
}
