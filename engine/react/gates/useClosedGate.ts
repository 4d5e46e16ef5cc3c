/**
 * The closed gate of a gated action for the signed-in user (engine/core/gates.ts), asked of the
 * server when the screen mounts and again when the language changes (the message is the
 * server's, in the caller's language). `undefined` while asking or with no action, `null` when open.
 */
import { useEffect, useState } from 'react';
import { loadClosedGates, type ClosedGate } from '../../core/gates.ts';
import { useApi } from '../data/ApiProvider.tsx';
import { useLanguage } from '../i18n/hooks.ts';

export function useClosedGate(action: string | undefined): ClosedGate | null | undefined {
  const api = useApi();
  const language = useLanguage();
  // The last answer stays shown while the other language's is asked for (no flicker).
  const [gate, setGate] = useState<ClosedGate | null | undefined>(undefined);
  useEffect(() => {
    if (!action) return undefined;
    let live = true;
    void loadClosedGates(api, language).then((gates) => {
      if (live) setGate(gates[action] ?? null);
    });
    return () => {
      live = false;
    };
  }, [api, action, language]);
  return action ? gate : undefined;
}
