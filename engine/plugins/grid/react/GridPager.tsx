/** Under the grid: the page buttons (when paging), the row count and the scroll-to-top button. */
import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
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
  showTop: boolean;
  onTop(): void;
}

/** Memoised on plain values: scrolling redraws the grid body, not this bar. */
export const GridPager = memo(function GridPager({ paging, page, pages, setPage, shownCount, total, lang, showTop, onTop }: Props) {
  // Arrows point the way pages go: in Arabic the next page is to the left.
  const rtl = lang.startsWith('ar');
  const [back, forward] = rtl ? ['›', '‹'] : ['‹', '›'];
  const [first, last] = rtl ? ['»', '«'] : ['«', '»'];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
      {paging && (
        <Box sx={{ display: 'flex', alignItems: 'center' }} role="navigation" aria-label={gridUi(lang, 'page', { page: page + 1, pages })}>
          <IconButton size="small" disabled={page === 0} onClick={() => setPage(0)} aria-label={gridUi(lang, 'firstPage')}>
            {first}
          </IconButton>
          <IconButton size="small" disabled={page === 0} onClick={() => setPage(page - 1)} aria-label={gridUi(lang, 'previousPage')}>
            {back}
          </IconButton>
          <Typography variant="body2" sx={{ mx: 1 }} data-testid="grid-page">
            {gridUi(lang, 'page', { page: page + 1, pages })}
          </Typography>
          <IconButton size="small" disabled={page >= pages - 1} onClick={() => setPage(page + 1)} aria-label={gridUi(lang, 'nextPage')}>
            {forward}
          </IconButton>
          <IconButton size="small" disabled={page >= pages - 1} onClick={() => setPage(pages - 1)} aria-label={gridUi(lang, 'lastPage')}>
            {last}
          </IconButton>
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" data-testid="grid-count">
        {gridUi(lang, 'rows', { shown: withThousands(shownCount), total: withThousands(total) })}
      </Typography>
      {showTop && (
        <Button size="small" onClick={onTop} sx={{ marginInlineStart: 'auto' }}>
          ↑ {gridUi(lang, 'scrollTop')}
        </Button>
      )}
    </Box>
  );
});
