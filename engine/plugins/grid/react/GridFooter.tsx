/** The summaries row: each summarised column's sum, avg, max, min or count over the filtered rows. */
import { isRtl } from '../../../core/rtl.ts';
import { memo, useEffect, useState } from 'react';
import { formatSummary, summarize } from '../model/summary.ts';
import type { GridRow } from '../model/types.ts';
import type { SummaryKind } from '../model/types.ts';
import { gridUi } from './texts.ts';

/** Short signs before a summary (the full name is the cell's title and accessible name). */
const SIGN: Record<SummaryKind, string> = { sum: 'Σ', avg: 'x̄', max: '↑', min: '↓', count: '#' };
import type { LaidColumn } from './useGridColumns.ts';

interface Props {
  laid: readonly LaidColumn[];
  leadWidth: number;
  rows: readonly GridRow[];
  view: readonly number[];
  lang: string;
}

const NONE: readonly number[] = [];

export const GridFooter = memo(function GridFooter({ laid, leadWidth, rows, view: current, lang }: Props) {
  // Summaries over 100,000 rows take tens of ms: they are worked out two frames after the rows
  // change, so the first rows, a filter or a sort are painted without waiting for them.
  const [view, setView] = useState<readonly number[]>(NONE);
  useEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setView(current));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [current]);
  return (
    <div className="rg-foot" role="rowgroup">
      <div className="rg-row" role="row">
        <div className="rg-cell rg-lead" style={{ width: leadWidth }} title={gridUi(lang, 'summary')}>
          Σ
        </div>
        {laid.map(({ column, width, stickyAt }) => {
          const kind = column.summary;
          // Until the summaries catch up with the rows, show nothing rather than old figures.
          const text =
            kind && view === current
              ? formatSummary(column, kind, summarize(column, rows, kind, lang, view), lang)
              : '';
          const title = kind ? `${gridUi(lang, kind)}: ${text}` : undefined;
          return (
            <div
              key={column.name}
              className={`rg-cell rg-num${stickyAt !== undefined ? ' rg-sticky' : ''}`}
              style={{ width, insetInlineStart: stickyAt }}
              role="gridcell"
              title={title}
              aria-label={title}
              data-summary={kind}
            >
              {kind && <span className="rg-kind">{SIGN[kind]}</span>}
              {isRtl(lang) ? <bdi dir="ltr">{text}</bdi> : text}
            </div>
          );
        })}
      </div>
    </div>
  );
});
