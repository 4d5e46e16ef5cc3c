/**
 * The grid's styles: one style sheet for every grid, cells are plain elements with class names.
 * A per-cell MUI component or `sx` would cost a style computation per cell; 100,000 rows
 * scroll at a frame under 20 ms only with plain elements. Logical properties (inset-inline,
 * border-inline, text-align: end) make the same rules right for both directions of text.
 *
 * The sheet is plain CSS, the same for every theme, put in the document once (`GRID_CSS`); the
 * theme reaches it as custom properties on each grid's root (`gridVars`, worked out once per
 * theme). As an `sx` block it was serialised and compiled by emotion on every first draw (about
 * 7 ms of the grid's first render) and `sx` read numbers in spacing properties as theme spacing
 * (a filter box's `paddingInlineEnd: 18` became 144 px and hid what was typed).
 */
import type { CSSProperties } from 'react';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import { ROW_HEIGHT } from '../model/paging.ts';

const H = ROW_HEIGHT;
/** The cells' font size, px (the sheet's and the width measure's, text-fit.ts). */
const CELL_FONT_SIZE = 13;
/** A cell's padding on either side and its end border, px. */
const CELL_PADDING = 6;
const CELL_BORDER = 1;
/** What a body cell's width holds besides its text, px: its width less this is the text's room. */
export const CELL_SPACE = 2 * CELL_PADDING + CELL_BORDER;

/** The cells' font as a CSS shorthand (the sheet's `--rg-font` at the sheet's size), for the width measure. */
export function cellFont(theme: Theme): string {
  return `${CELL_FONT_SIZE}px ${theme.typography.fontFamily ?? 'sans-serif'}`;
}

export const GRID_CSS = `
.rg-root { font-size: ${CELL_FONT_SIZE}px; font-family: var(--rg-font); }
.rg-root .rg-scroll { position: relative; overflow: auto; border: 1px solid var(--rg-line); border-radius: var(--rg-radius); outline: none; background: var(--rg-paper); }
.rg-root .rg-scroll:focus-visible { box-shadow: 0 0 0 2px var(--rg-primary-light); }
.rg-root .rg-head, .rg-root .rg-foot { position: sticky; z-index: 3; background: var(--rg-head); }
.rg-root .rg-head { top: 0; }
.rg-root .rg-foot { bottom: 0; font-weight: 600; }
.rg-root .rg-row { display: flex; height: ${H}px; box-sizing: border-box; }
/* Body rows: placed by top (no transform node per row to update and layerize), each laid out
   on its own (a recycled row costs no page layout). */
.rg-root .rg-brow { position: absolute; top: 0; inset-inline-start: 0; contain: layout style; }
.rg-root .rg-pick { cursor: pointer; font-size: 15px; user-select: none; }
.rg-root .rg-cell {
  flex: none; box-sizing: border-box; height: ${H}px; line-height: ${H - 1}px; padding: 0 ${CELL_PADDING}px;
  overflow: hidden; white-space: nowrap; border-inline-end: ${CELL_BORDER}px solid var(--rg-line);
  border-bottom: 1px solid var(--rg-line); background: var(--rg-paper); cursor: cell;
}
/* A body cell whose text is known to fit (text-fit.ts) is not clipped: a clip per cell is a
   paint chunk per cell, which every scroll frame paints and layerizes. */
.rg-root .rg-fit { overflow: visible; }
/* Positioned only where something is placed inside (the header's list button, the editor): a
   positioned body cell is a paint layer of its own, 400 of them on a first draw. */
.rg-root .rg-head .rg-cell, .rg-root .rg-foot .rg-cell, .rg-root .rg-active { position: relative; }
.rg-root .rg-head .rg-cell, .rg-root .rg-foot .rg-cell { background: var(--rg-head); }
.rg-root .rg-label { font-weight: 600; cursor: pointer; user-select: none; text-overflow: ellipsis; }
.rg-root .rg-sticky { position: sticky; z-index: 1; }
/* A body row's lead cell and sticky cells stick together in one block (GridRowView). */
.rg-root .rg-stick { display: flex; flex: none; position: sticky; inset-inline-start: 0; z-index: 2; }
/* Room for the columns before the first one drawn (GridRowView draws the columns in sight). */
.rg-root .rg-gap { flex: none; }
.rg-root .rg-stick > .rg-cell { position: static; }
.rg-root .rg-stick > .rg-active { position: relative; }
.rg-root .rg-head .rg-sticky, .rg-root .rg-foot .rg-sticky { position: sticky; z-index: 4; }
.rg-root .rg-lead { position: sticky; inset-inline-start: 0; z-index: 2; text-align: center; padding: 0; cursor: default; }
.rg-root .rg-head .rg-lead, .rg-root .rg-foot .rg-lead { position: sticky; z-index: 5; }
.rg-root .rg-num { text-align: end; font-variant-numeric: tabular-nums; }
.rg-root .rg-check { text-align: center; }
/* Body cells' own text, isolated on the cell (no element per text, GridRowView). Text takes the
   direction of its first strong letter (plaintext, as dir="auto"). Numbers and dates are left
   to right whatever they hold: the cell itself is left to right (no mark or pseudo-element per
   cell: those were a quarter of the first layout's boxes), so in a right-to-left grid its line
   is drawn on its own start side, the grid's end. Alignment is set inline on a physical side. */
.rg-root .rg-text { unicode-bidi: plaintext; }
.rg-root .rg-ltr { direction: ltr; unicode-bidi: isolate; }
.rg-root[dir='rtl'] .rg-ltr { border-inline-end: 0; border-inline-start: 1px solid var(--rg-line); }
.rg-root .rg-readonly { color: var(--rg-text2); }
.rg-root .rg-picked .rg-cell { background: var(--rg-picked); }
.rg-root .rg-range { background: var(--rg-range) !important; }
.rg-root .rg-active { box-shadow: inset 0 0 0 2px var(--rg-primary); }
.rg-root .rg-error { background: #fdecea !important; color: #b71c1c; box-shadow: inset 0 -2px 0 #d32f2f; }
.rg-root .rg-error.rg-active { box-shadow: inset 0 0 0 2px #d32f2f; }
.rg-root .rg-lead input { margin: 0; vertical-align: middle; }
/* Row action buttons in the lead cell: plain buttons, a few per drawn row. */
.rg-root .rg-act { border: 0; background: transparent; cursor: pointer; padding: 0 1px; line-height: 0; vertical-align: middle; color: var(--rg-text2); }
.rg-root .rg-act:hover, .rg-root .rg-act:focus-visible { color: var(--rg-primary); }
.rg-root .rg-act svg { font-size: 16px; }
.rg-root .rg-open { color: var(--rg-primary); text-decoration: none; margin-inline-start: 2px; }
/* The filter box keeps room for its list button (at the cell's end, by the grid's direction) on
   that physical side: the box takes its own text's direction (dir="auto"), so a logical padding
   would follow what is typed ('>3', 'M*d', or an empty box's '=') and put the text under the
   button in a right-to-left grid. */
.rg-root .rg-filter {
  width: 100%; height: ${H - 4}px; box-sizing: border-box; border: 1px solid var(--rg-line); border-radius: 3px;
  padding: 0 18px 0 4px; font: inherit; font-size: 12px; margin-top: 1px;
  background: var(--rg-paper); color: var(--rg-text);
}
.rg-root[dir='rtl'] .rg-filter { padding: 0 4px 0 18px; }
.rg-root .rg-filter.rg-bad { border-color: #d32f2f; background: #fdecea; }
.rg-root .rg-list-btn {
  position: absolute; inset-inline-end: 8px; top: 3px; border: 0; background: transparent; cursor: pointer;
  padding: 0; font-size: 11px; line-height: 16px; color: var(--rg-text2);
}
.rg-root .rg-editor {
  position: absolute; inset: 0; width: 100%; height: 100%; box-sizing: border-box; border: 2px solid var(--rg-primary);
  padding: 0 4px; font: inherit; outline: none; background: var(--rg-paper); color: var(--rg-text);
}
.rg-root .rg-empty { line-height: ${H * 2}px; text-align: center; color: var(--rg-text2); position: sticky; inset-inline-start: 0; width: min(100%, 600px); }
.rg-root .rg-sort { margin-inline-start: 4px; font-size: 11px; }
.rg-root .rg-foot .rg-cell { text-overflow: ellipsis; font-size: 12px; padding-inline: 4px; }
.rg-root .rg-kind { font-weight: 400; color: var(--rg-text2); margin-inline-end: 3px; }

/* The toolbar and pager: plain fields and buttons drawn like MUI's small outlined ones. */
.rg-root .rg-toolbar { margin-bottom: 8px; }
.rg-root .rg-tools { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.rg-root .rg-search {
  box-sizing: border-box; min-width: 220px; height: 40px; padding: 8.5px 14px; font-family: var(--rg-font); font-size: 1rem;
  color: var(--rg-text); background: transparent; border: 1px solid var(--rg-field); border-radius: var(--rg-radius); outline: none;
}
.rg-root .rg-search:hover { border-color: var(--rg-text); }
.rg-root .rg-search:focus { border-color: var(--rg-primary); box-shadow: inset 0 0 0 1px var(--rg-primary); }
.rg-root .rg-search::placeholder { color: var(--rg-text2); opacity: 0.7; }
.rg-root .rg-btn {
  box-sizing: border-box; min-width: 64px; padding: 3px 9px; font-family: var(--rg-font); font-size: 0.8125rem; font-weight: 500;
  line-height: 1.75; letter-spacing: 0.02857em; color: var(--rg-primary); background: transparent;
  border: 1px solid var(--rg-primary-half); border-radius: var(--rg-radius); cursor: pointer;
  transition: background-color 250ms, border-color 250ms;
}
.rg-root .rg-btn:hover:not(:disabled) { background: var(--rg-primary-hover); border-color: var(--rg-primary); }
.rg-root .rg-btn:focus-visible, .rg-root .rg-icon-btn:focus-visible { outline: 2px solid var(--rg-primary); outline-offset: 1px; }
.rg-root .rg-btn:disabled { color: var(--rg-disabled); border-color: var(--rg-disabled-line); cursor: default; }
.rg-root .rg-text-btn, .rg-root .rg-text-btn:hover:not(:disabled) { border-color: transparent; }
.rg-root .rg-text-btn { padding: 4px 5px; }
.rg-root .rg-note { font-size: 0.875rem; color: var(--rg-primary); }
.rg-root .rg-pager { display: flex; align-items: center; gap: 8px; margin-top: 4px; flex-wrap: wrap; font-size: 0.875rem; line-height: 1.43; }
.rg-root .rg-pages { display: flex; align-items: center; }
.rg-root .rg-page { margin: 0 8px; }
.rg-root .rg-count-line { color: var(--rg-text2); }
.rg-root .rg-icon-btn {
  min-width: 30px; height: 30px; padding: 0; font-size: 1.125rem; line-height: 1; color: var(--rg-icon);
  background: transparent; border: 0; border-radius: 50%; cursor: pointer;
}
.rg-root .rg-icon-btn:hover:not(:disabled) { background: var(--rg-hover); }
.rg-root .rg-icon-btn:disabled { color: var(--rg-disabled); cursor: default; }
.rg-root .rg-top { margin-inline-start: auto; }
`;

/** Puts the grid's style sheet in the document, once (the first grid drawn does it). */
export function installGridCss(): void {
  // Looked up rather than remembered: a document whose head was replaced (tests, a new window)
  // gets the sheet again.
  if (typeof document === 'undefined' || document.head.querySelector('style[data-rowaq-grid]')) return;
  const sheet = document.createElement('style');
  sheet.dataset.rowaqGrid = '';
  sheet.textContent = GRID_CSS;
  document.head.prepend(sheet);
}

const vars = new WeakMap<Theme, CSSProperties>();

/** The theme's colours, radius and font as the sheet's custom properties, once per theme. */
export function gridVars(theme: Theme): CSSProperties {
  let known = vars.get(theme);
  if (known) return known;
  const { palette, shape, typography } = theme;
  const dark = palette.mode === 'dark';
  known = {
    '--rg-line': palette.divider,
    '--rg-paper': palette.background.paper,
    '--rg-head': dark ? palette.grey[900] : palette.grey[100],
    '--rg-primary': palette.primary.main,
    '--rg-primary-light': palette.primary.light,
    '--rg-primary-half': alpha(palette.primary.main, 0.5),
    '--rg-primary-hover': alpha(palette.primary.main, palette.action.hoverOpacity),
    '--rg-text': palette.text.primary,
    '--rg-text2': palette.text.secondary,
    '--rg-picked': dark ? '#27344a' : '#eef4ff',
    '--rg-range': dark ? '#1e3a5f' : '#dbe9ff',
    '--rg-disabled': palette.action.disabled,
    '--rg-disabled-line': palette.action.disabledBackground,
    '--rg-icon': palette.action.active,
    '--rg-hover': palette.action.hover,
    '--rg-field': dark ? 'rgba(255, 255, 255, 0.23)' : 'rgba(0, 0, 0, 0.23)',
    '--rg-radius': typeof shape.borderRadius === 'number' ? `${shape.borderRadius}px` : shape.borderRadius,
    '--rg-font': typography.fontFamily,
  } as CSSProperties;
  vars.set(theme, known);
  return known;
}

/** The autocomplete list and value list (in a popper outside the root). */
export const listSx: SxProps<Theme> = {
  maxHeight: 260,
  overflow: 'auto',
  fontSize: 13,
  '& .rg-option': { padding: '2px 8px', cursor: 'pointer', whiteSpace: 'nowrap' },
  '& .rg-option[aria-selected="true"], & .rg-option:hover': { background: '#dbe9ff' },
  '& .rg-count': { color: 'text.secondary', marginInlineStart: '8px' },
};
