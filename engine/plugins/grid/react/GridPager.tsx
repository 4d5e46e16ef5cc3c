/**
 * Under the grid: the page buttons (when paging), the row count and the scroll-to-top button.
 * Plain elements styled by the grid's style block (`.rg-pager`, `.rg-icon-btn`), as the toolbar.
 */
import { memo, useEffect, useState, type MutableRefObject } from 'react';
import { isRtl } from '../../../core/rtl.ts';
import { withThousands } from '../model/format.ts';
import { gridUi } from './texts.ts';

interface Props {
  paging: boolean;
  page: number;
  pages: number;
  setPage(page: number): void;
  shownCount: number;
  total: number;
  lang: string;
  /** Where the grid's scroll listener finds this bar's setter for the scroll-to-top button. */
  showTop: MutableRefObject<((on: boolean) => void) | null>;
  onTop(): void;
}

/** Memoised on plain values: scrolling redraws the grid body, not this bar. */
export const GridPager = memo(function GridPager({
  paging,
  page,
  pages,
  setPage,
  shownCount,
  total,
  lang,
  showTop: register,
  onTop,
}: Props) {
  const [showTop, setShowTop] = useState(false);
  useEffect(() => {
    register.current = setShowTop;
    return () => {
      register.current = null;
    };
  }, [register]);
  // Arrows point the way pages go: in Arabic the next page is to the left. The signs are chosen
  // here and drawn left to right (`dir="ltr"` on each button): a right-to-left run would mirror
  // them again, and whether it does depends on the font (« » were, ‹ › were not).
  const rtl = isRtl(lang);
  const [back, forward] = rtl ? ['›', '‹'] : ['‹', '›'];
  const [first, last] = rtl ? ['»', '«'] : ['«', '»'];
  return (
    <div className="rg-pager">
      {paging && (
        <div className="rg-pages" role="navigation" aria-label={gridUi(lang, 'page', { page: page + 1, pages })}>
          <button
            type="button"
            dir="ltr"
            className="rg-icon-btn"
            disabled={page === 0}
            onClick={() => setPage(0)}
            aria-label={gridUi(lang, 'firstPage')}
          >
            {first}
          </button>
          <button
            type="button"
            dir="ltr"
            className="rg-icon-btn"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
            aria-label={gridUi(lang, 'previousPage')}
          >
            {back}
          </button>
          <span className="rg-page" data-testid="grid-page">
            {gridUi(lang, 'page', { page: page + 1, pages })}
          </span>
          <button
            type="button"
            dir="ltr"
            className="rg-icon-btn"
            disabled={page >= pages - 1}
            onClick={() => setPage(page + 1)}
            aria-label={gridUi(lang, 'nextPage')}
          >
            {forward}
          </button>
          <button
            type="button"
            dir="ltr"
            className="rg-icon-btn"
            disabled={page >= pages - 1}
            onClick={() => setPage(pages - 1)}
            aria-label={gridUi(lang, 'lastPage')}
          >
            {last}
          </button>
        </div>
      )}
      <span className="rg-count-line" data-testid="grid-count">
        {gridUi(lang, 'rows', { shown: withThousands(shownCount), total: withThousands(total) })}
      </span>
      {showTop && (
        <button type="button" className="rg-btn rg-text-btn rg-top" onClick={onTop}>
          ↑ {gridUi(lang, 'scrollTop')}
        </button>
      )}
    </div>
  );
});
