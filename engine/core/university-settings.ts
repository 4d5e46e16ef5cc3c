/**
 * The university's public settings (GET /university/data, portal-core section 7) for the
 * client: what a screen's `visibleWhen: {setting: ...}` reads (the attendance screens exist
 * only while attendance_with_qr_code is "true"). Loaded once, on first need, and shared by the
 * router's guard and the menu; a failed load is tried again at the next need, and meanwhile
 * a screen that depends on a setting counts as hidden (never shown on a guess).
 */

export type UniversitySettings = Readonly<Record<string, string | null>>;

export interface UniversitySettingsStore {
  /** The settings once loaded, else null. */
  get(): UniversitySettings | null;
  /** Loads them (once; again after a failure) and resolves with them, or null when the call failed. */
  load(): Promise<UniversitySettings | null>;
  subscribe(listener: () => void): () => void;
}

/** The answer of GET /university/data: `{data: [{name, value}], ...flags}`. */
export interface UniversityDataAnswer {
  data?: ReadonlyArray<{ name: string; value: string | null }>;
}

/** Name -> value, from the answer's list. */
export function settingsFromAnswer(answer: UniversityDataAnswer | null | undefined): UniversitySettings {
  const out: Record<string, string | null> = {};
  for (const s of answer?.data ?? []) if (s && typeof s.name === 'string') out[s.name] = s.value ?? null;
  return out;
}

export function createUniversitySettingsStore(
  fetchAnswer: () => Promise<UniversityDataAnswer>,
): UniversitySettingsStore {
  let settings: UniversitySettings | null = null;
  let pending: Promise<UniversitySettings | null> | null = null;
  const listeners = new Set<() => void>();

  return {
    get: () => settings,
    load() {
      if (settings) return Promise.resolve(settings);
      // Called on a later tick: the first navigation may come before its caller has its API client.
      pending ??= Promise.resolve()
        .then(fetchAnswer)
        .then(
          (answer) => {
            settings = settingsFromAnswer(answer);
            listeners.forEach((l) => l());
            return settings;
          },
          () => {
            pending = null;
            return null;
          },
        );
      return pending;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
