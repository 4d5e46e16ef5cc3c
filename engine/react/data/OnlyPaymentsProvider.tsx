/**
 * The only-payments flag (engine/core/only-payments.ts) for the tree: the menu shows only the
 * payment screens and the shell explains why while it is set. Without a provider (previews,
 * tests) the mode is off.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { StoredOnlyPaymentsFlag } from '../../core/only-payments.ts';

type Flag = Pick<StoredOnlyPaymentsFlag, 'get' | 'subscribe'> & Partial<Pick<StoredOnlyPaymentsFlag, 'set'>>;

const OnlyPaymentsContext = createContext<Flag | null>(null);
const noSubscribe = () => () => {};
const off = () => false;

export function OnlyPaymentsProvider({ flag, children }: { flag?: Flag; children: ReactNode }) {
  return <OnlyPaymentsContext.Provider value={flag ?? null}>{children}</OnlyPaymentsContext.Provider>;
}

/** True while the student is confined to the payment screens. */
export function useOnlyPayments(): boolean {
  const flag = useContext(OnlyPaymentsContext);
  return useSyncExternalStore(flag ? flag.subscribe : noSubscribe, flag ? flag.get : off, off);
}

const noSet = () => {};

/** Sets or clears the mode (a closed gate's warning followed); without a settable flag, nothing. */
export function useSetOnlyPayments(): (value: boolean) => void {
  const flag = useContext(OnlyPaymentsContext);
  return flag?.set ? flag.set : noSet;
}
