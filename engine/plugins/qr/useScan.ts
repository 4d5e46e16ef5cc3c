/**
 * Sending a scanned code (headless): POST /attendance/scan {code}; the answer is the server's
 * own message in the user's language (the `language` cookie), success or the exact error of
 * portal-core section 8. The same code is not sent twice in a row (a camera sees it in every frame).
 */
import { useCallback, useRef, useState } from 'react';
import { useApi } from '../../react/data/ApiProvider.tsx';

export interface ScanResult {
  ok: boolean;
  text: string;
}

export function useScan(fallbackSuccess: string) {
  const api = useApi();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<ScanResult | null>(null);
  const last = useRef<string | null>(null);
  const busy = useRef(false);

  const send = useCallback(
    async (code: string, options: { again?: boolean } = {}) => {
      const text = code.trim();
      if (!text || busy.current || (!options.again && text === last.current)) return null;
      busy.current = true;
      last.current = text;
      setSending(true);
      try {
        const body = await api.post<{ message?: string }>('/attendance/scan', { code: text }, { toast: false });
        const outcome = { ok: true, text: body?.message || fallbackSuccess };
        setResult(outcome);
        return outcome;
      } catch (error) {
        const outcome = { ok: false, text: error instanceof Error ? error.message : String(error) };
        setResult(outcome);
        return outcome;
      } finally {
        busy.current = false;
        setSending(false);
      }
    },
    [api, fallbackSuccess],
  );

  return { send, sending, result, setResult };
}
