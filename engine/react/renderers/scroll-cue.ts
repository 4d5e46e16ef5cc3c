/**
 * Where a sideways-scrolling table has more to show: the edge (left, right) beyond which columns
 * are hidden. On a phone a table wider than the screen scrolls with nothing telling the user that
 * more columns exist; ScrollCue.tsx shades those edges. Pure, so that both directions are tested
 * without a browser.
 *
 * In right-to-left the start is the right edge and browsers report `scrollLeft` as 0 there,
 * going negative towards the left (the CSSOM rule Chromium, Firefox and Safari follow): the
 * distance from the start is its absolute value in both directions.
 */

export interface ScrollBox {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

export interface Cue {
  /** Hidden content beyond the left edge. */
  left: boolean;
  /** Hidden content beyond the right edge. */
  right: boolean;
}

export const NO_CUE: Cue = Object.freeze({ left: false, right: false });

/** Below a pixel is rounding (zoom, fractional widths), not content. */
const SLACK = 1;

export function scrollCue(box: ScrollBox, direction: 'ltr' | 'rtl'): Cue {
  const hidden = box.scrollWidth - box.clientWidth;
  if (hidden <= SLACK) return NO_CUE;
  const fromStart = Math.abs(box.scrollLeft);
  const moreAtStart = fromStart > SLACK;
  const moreAtEnd = fromStart < hidden - SLACK;
  return direction === 'rtl' ? { left: moreAtEnd, right: moreAtStart } : { left: moreAtStart, right: moreAtEnd };
}

export function sameCue(a: Cue, b: Cue): boolean {
  return a.left === b.left && a.right === b.right;
}
