/**
 * The grid's styles: one style block on the root, cells are plain elements with class names.
 * A per-cell MUI component or `sx` would cost a style computation per cell; 100,000 rows
 * scroll at a frame under 20 ms only with plain elements. Logical properties (inset-inline,
 * border-inline, text-align: end) make the same rules right for both directions of text.
 */
import type { SxProps, Theme } from '@mui/material/styles';
import { ROW_HEIGHT } from '../model/paging.ts';

export const gridSx: SxProps<Theme> = (theme) => ({
  fontSize: 13,
  '& .rg-scroll': {
    position: 'relative',
    overflow: 'auto',
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: 1,
    outline: 'none',
    background: theme.palette.background.paper,
  },
  '& .rg-scroll:focus-visible': { boxShadow: `0 0 0 2px ${theme.palette.primary.light}` },
  '& .rg-head, & .rg-foot': { position: 'sticky', zIndex: 3, background: theme.palette.grey[100] },
  '& .rg-head': { top: 0 },
  '& .rg-foot': { bottom: 0, fontWeight: 600 },
  '& .rg-row': { display: 'flex', height: ROW_HEIGHT, boxSizing: 'border-box' },
  // Body rows: placed by `top` (no transform node per row to update and layerize), each laid
  // out on its own (a recycled row costs no page layout).
  '& .rg-brow': { position: 'absolute', top: 0, insetInlineStart: 0, contain: 'layout style' },
  '& .rg-pick': { cursor: 'pointer', fontSize: 15, userSelect: 'none' },
  '& .rg-cell': {
    flex: 'none',
    boxSizing: 'border-box',
    height: ROW_HEIGHT,
    lineHeight: `${ROW_HEIGHT - 1}px`,
    padding: '0 6px',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    borderInlineEnd: `1px solid ${theme.palette.divider}`,
    borderBottom: `1px solid ${theme.palette.divider}`,
    background: theme.palette.background.paper,
    position: 'relative',
    cursor: 'cell',
  },
  '& .rg-head .rg-cell, & .rg-foot .rg-cell': { background: theme.palette.grey[100] },
  '& .rg-label': { fontWeight: 600, cursor: 'pointer', userSelect: 'none' },
  '& .rg-sticky': { position: 'sticky', zIndex: 1 },
  // A body row's lead cell and sticky cells stick together in one block (GridRowView).
  '& .rg-stick': { display: 'flex', flex: 'none', position: 'sticky', insetInlineStart: 0, zIndex: 2 },
  // Room for the columns before the first one drawn (GridRowView draws the columns in sight).
  '& .rg-gap': { flex: 'none' },
  '& .rg-stick > .rg-cell': { position: 'relative', insetInlineStart: 'auto', zIndex: 'auto' },
  '& .rg-head .rg-sticky, & .rg-foot .rg-sticky': { zIndex: 4 },
  '& .rg-lead': { position: 'sticky', insetInlineStart: 0, zIndex: 2, textAlign: 'center', padding: 0, cursor: 'default' },
  '& .rg-head .rg-lead, & .rg-foot .rg-lead': { zIndex: 5 },
  '& .rg-num': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  '& .rg-check': { textAlign: 'center' },
  // Body cells' own text, isolated on the cell (no element per text, GridRowView): the text's
  // paragraph takes the direction of its first strong letter (as dir="auto"); numbers and dates
  // start with a left-to-right mark, so they are left to right whatever they hold. The cell
  // keeps the grid's direction (borders, padding); its alignment is set inline.
  '& .rg-text, & .rg-ltr': { unicodeBidi: 'plaintext' },
  '& .rg-ltr::before': { content: '"\\200E"' },
  '& .rg-readonly': { color: theme.palette.text.secondary },
  '& .rg-picked .rg-cell': { background: theme.palette.mode === 'dark' ? '#27344a' : '#eef4ff' },
  '& .rg-range': { background: `${theme.palette.mode === 'dark' ? '#1e3a5f' : '#dbe9ff'} !important` },
  '& .rg-active': { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` },
  '& .rg-error': { background: '#fdecea !important', color: '#b71c1c', boxShadow: 'inset 0 -2px 0 #d32f2f' },
  '& .rg-error.rg-active': { boxShadow: `inset 0 0 0 2px #d32f2f` },
  '& .rg-lead input': { margin: 0, verticalAlign: 'middle' },
  // Row action buttons in the lead cell: plain buttons, a few per drawn row.
  '& .rg-act': {
    border: 0,
    background: 'transparent',
    cursor: 'pointer',
    padding: '0 1px',
    lineHeight: 0,
    verticalAlign: 'middle',
    color: theme.palette.text.secondary,
  },
  '& .rg-act:hover, & .rg-act:focus-visible': { color: theme.palette.primary.main },
  '& .rg-act svg': { fontSize: 16 },
  '& .rg-open': { color: theme.palette.primary.main, textDecoration: 'none', marginInlineStart: 2 },
  '& .rg-filter': {
    width: '100%',
    height: ROW_HEIGHT - 4,
    boxSizing: 'border-box',
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: 3,
    padding: '0 18px 0 4px',
    paddingInlineStart: 4,
    paddingInlineEnd: 18,
    font: 'inherit',
    fontSize: 12,
    marginTop: '1px',
    background: theme.palette.background.paper,
    color: theme.palette.text.primary,
  },
  '& .rg-filter.rg-bad': { borderColor: '#d32f2f', background: '#fdecea' },
  '& .rg-list-btn': {
    position: 'absolute',
    insetInlineEnd: 8,
    top: 3,
    border: 0,
    background: 'transparent',
    cursor: 'pointer',
    padding: 0,
    fontSize: 11,
    lineHeight: '16px',
    color: theme.palette.text.secondary,
  },
  '& .rg-editor': {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    boxSizing: 'border-box',
    border: `2px solid ${theme.palette.primary.main}`,
    padding: '0 4px',
    font: 'inherit',
    outline: 'none',
    background: theme.palette.background.paper,
    color: theme.palette.text.primary,
  },
  '& .rg-empty': { lineHeight: `${ROW_HEIGHT * 2}px`, textAlign: 'center', color: theme.palette.text.secondary, position: 'sticky', insetInlineStart: 0, width: 'min(100%, 600px)' },
  '& .rg-sort': { marginInlineStart: 4, fontSize: 11 },
  '& .rg-foot .rg-cell': { textOverflow: 'ellipsis', fontSize: 12, paddingInline: '4px' },
  '& .rg-kind': { fontWeight: 400, color: theme.palette.text.secondary, marginInlineEnd: 3 },
});

/** The autocomplete list and value list (in a popper outside the root). */
export const listSx: SxProps<Theme> = {
  maxHeight: 260,
  overflow: 'auto',
  fontSize: 13,
  '& .rg-option': { padding: '2px 8px', cursor: 'pointer', whiteSpace: 'nowrap' },
  '& .rg-option[aria-selected="true"], & .rg-option:hover': { background: '#dbe9ff' },
  '& .rg-count': { color: 'text.secondary', marginInlineStart: 8 },
};
