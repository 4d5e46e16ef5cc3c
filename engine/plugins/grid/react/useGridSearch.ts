/**
 * The grid's fuzzy search: the rows it keeps for the view, and its index's lifetime. In a browser
 * the search runs in a worker (search/background-search.ts), so a query's answer comes later:
 * until it does, the view keeps the last answer (or every row, at the first query), as it did
 * when the search ran on the page on a deferred copy of the text. Without workers the search
 * runs on the page, on the deferred text, as part of the view.
 *
 * The index lives while a search is typed or the box has the focus (model/search.ts says why it
 * is not kept): built when the box gets the focus, dropped when the box is left empty or a search
 * is cleared while the box is not in use (the clear-filters button, the address).
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { createFuzzySearcher } from '../model/search.ts';
import type { GridRow } from '../model/types.ts';
import { createBackgroundSearcher, type BackgroundSearcher } from '../search/background-search.ts';

/** What the view filters by: the search text and the rows that match it (best first). */
export interface ViewSearch {
  text: string;
  found?: readonly number[];
}

/** No search: every row. One object, so that a view built from it is kept. */
const NO_SEARCH: ViewSearch = { text: '' };

interface Found {
  from: BackgroundSearcher;
  query: string;
  indices: number[];
}

export function useGridSearch(rows: readonly GridRow[], searchKeys: readonly string[], search: string) {
  // The same keys in a new array (a caller's inline list) keep the searcher: a new one is a new worker and index.
  const keyList = searchKeys.join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const keys = useMemo(() => searchKeys, [keyList]);
  const background = useMemo(() => createBackgroundSearcher(rows, keys), [rows, keys]);
  const onPage = useMemo(() => (background ? null : createFuzzySearcher(rows, keys)), [background, rows, keys]);
  // A new rows array has a new searcher: the old one's worker ends with it.
  useEffect(() => () => background?.release(), [background]);
  // The search box stays responsive: on the page a long search runs on the deferred text, and with
  // workers a first query's packing of the rows (tens of ms on 100,000) runs after the key is
  // drawn (an effect of an urgent render after a key runs before the paint).
  const searching = useDeferredValue(search);

  const [found, setFound] = useState<Found | null>(null);
  useEffect(() => {
    const query = searching.trim();
    if (!background) return;
    if (!query) {
      setFound(null);
      return;
    }
    let live = true;
    void background.find(query).then((indices) => {
      if (live && indices) setFound({ from: background, query, indices });
    });
    return () => {
      live = false;
    };
  }, [background, searching]);

  // On the page the search runs with the view, at each deferred text.
  const pageSearch = useMemo<ViewSearch | null>(
    () => (onPage ? { text: searching, found: searching.trim() ? onPage.search(searching) : undefined } : null),
    [onPage, searching],
  );
  // From a worker the view changes only when an answer does: text typed while a query runs keeps
  // the same object, so the view (and the footer's summaries over it, 40 ms on 100,000 rows) is
  // not worked out again at every key press for the same rows.
  const answer = searching.trim() && found?.from === background ? found : null;
  const workerSearch = useMemo<ViewSearch>(
    () => (answer ? { text: answer.query, found: answer.indices } : NO_SEARCH),
    [answer],
  );
  const viewSearch = pageSearch ?? workerSearch;

  const inUse = useRef(false);
  const text = useRef(search);
  text.current = search;
  const index = (background ?? onPage)!;
  const warm = useCallback(() => {
    inUse.current = true;
    index.warm();
  }, [index]);
  const cool = useCallback(() => {
    inUse.current = false;
    if (!text.current.trim()) index.release();
  }, [index]);
  useEffect(() => {
    if (!searching.trim() && !inUse.current) index.release();
  }, [searching, index]);

  return { viewSearch, warm, cool };
}
