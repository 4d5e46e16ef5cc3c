/**
 * Where referenced rows (`ref: countries`) come from when not from POST /lookups/get: a page
 * used without a signed-in user (the public admission pages) provides its own loader, for
 * example the admission lookups (GET /api/admission/website/applicant/lookups).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { LabelRow } from './ref-labels.ts';

/** The rows of a ref, or undefined to fall back to /lookups/get. */
export type RefRowsLoader = (ref: string) => Promise<LabelRow[]> | undefined;

const RefSourceContext = createContext<RefRowsLoader | null>(null);

export function RefSourceProvider({ load, children }: { load: RefRowsLoader; children: ReactNode }) {
  return <RefSourceContext.Provider value={load}>{children}</RefSourceContext.Provider>;
}

export function useRefSource(): RefRowsLoader | null {
  return useContext(RefSourceContext);
}
