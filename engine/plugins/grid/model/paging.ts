/**
 * Paging rules (admission-and-grid section 9): page size 20 by default, otherwise computed from
 * the grid's height at 24 px per row; paging off shows up to 999999 rows (virtual scrolling);
 * the mouse wheel turns a page once 30 px of wheel movement have gathered; a scroll-to-top
 * button appears after 250 px of scrolling.
 */

export const ROW_HEIGHT = 24;
export const DEFAULT_PAGE_SIZE = 20;
export const NO_PAGING_SIZE = 999_999;
export const WHEEL_THRESHOLD = 30;
export const SCROLL_TOP_AFTER = 250;
/**
 * The rows area's height when none is given, px: a grid screen's (20 rows a page) and a grid with
 * paging off.
 */
export const DEFAULT_GRID_HEIGHT = DEFAULT_PAGE_SIZE * ROW_HEIGHT;
/** Autocomplete lists at most this many of the column's values. */
export const AUTOCOMPLETE_MAX = 50;

/** Rows per page: fitted to a body of `bodyHeight` px when sized, else 20. */
export function pageSizeFor(bodyHeight?: number): number {
  if (!bodyHeight || !Number.isFinite(bodyHeight) || bodyHeight <= 0) return DEFAULT_PAGE_SIZE;
  return Math.max(1, Math.floor(bodyHeight / ROW_HEIGHT));
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

export function clampPage(page: number, total: number, size: number): number {
  return Math.min(Math.max(0, page), pageCount(total, size) - 1);
}

/** The [start, end) row range of a page. */
export function pageRange(page: number, total: number, size: number): [number, number] {
  const start = clampPage(page, total, size) * size;
  return [start, Math.min(total, start + size)];
}

/**
 * Wheel paging: gathered wheel movement and the page step it makes. Movement below the
 * threshold is kept until more arrives; a turn resets it.
 */
export function wheelStep(gathered: number, deltaY: number): { gathered: number; step: -1 | 0 | 1 } {
  const total = gathered + deltaY;
  if (total >= WHEEL_THRESHOLD) return { gathered: 0, step: 1 };
  if (total <= -WHEEL_THRESHOLD) return { gathered: 0, step: -1 };
  return { gathered: total, step: 0 };
}

/** True when the scroll-to-top button shows. */
export const showScrollTop = (scrollTop: number): boolean => scrollTop > SCROLL_TOP_AFTER;
