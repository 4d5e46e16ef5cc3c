/**
 * The benchmark page: `?grid=rowaq|mui&rows=N`. Makes N rows, then waits for the harness
 * (bench/grid.bench.ts) to call window.__bench. Every step is timed inside the page, from the
 * call to the first frame after the grid's DOM changed (MutationObserver, then
 * requestAnimationFrame), so the figures are what a user waits for, not the harness's round trips.
 */
import { BENCH_COLUMNS, benchRows, SCENARIO } from './data.ts';
import type { GridAdapter, GridControls } from './adapter.ts';
import { exportRows, importSpreadsheet, prepareImport } from '../../engine/plugins/grid/io/index.ts';
import { ROW_HEIGHT } from '../../engine/plugins/grid/model/paging.ts';

const params = new URLSearchParams(location.search);
const ROWS = Number(params.get('rows') ?? 100_000);
const root = document.getElementById('root')!;
const rows = benchRows(ROWS);

/** The next frame: its begin time (the animation callback's argument, on the display's beat) and when the callback ran. */
const frameTimes = () =>
  new Promise<{ begin: number; ran: number }>((resolve) =>
    requestAnimationFrame((begin) => resolve({ begin, ran: performance.now() })),
  );
/** When the next frame's animation callback ran. */
const frame = () => frameTimes().then((t) => t.ran);

/**
 * A scroll's frames, two ways. `intervals`: between the frames' begin times, which come on the
 * display's beat (16.7 ms at 60 Hz): an interval over it by a beat or more is a frame the page
 * did not make in time, a dropped frame. `deltas`: between the moments the animation callbacks
 * ran, which also holds how late in its frame the main thread got to run the callback (on a
 * 2-core machine a plain scroller has deltas of up to 30 ms without dropping a frame).
 */
export interface Frames {
  intervals: number[];
  deltas: number[];
}

/** ms from now until the frame after the next change under root (or after `ready()` holds). */
function untilChanged(action: () => void, ready?: () => boolean): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      void frame().then((t) => resolve(t - start));
    };
    const observer = new MutationObserver(() => {
      if (!ready || ready()) done();
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('the grid did not change within 60 s'));
    }, 60_000);
    action();
  });
}

/** ms from now until the frame after the grid's row-count line changed. */
function untilResult(action: () => void): Promise<number> {
  const before = controls.resultText();
  return untilChanged(action, () => controls.resultText() !== before);
}

/**
 * Scrolls `step` px a frame for `ms` (turning at either end), setting each scroll in a frame's
 * animation callback; `probe` runs right after it is set, before that frame is drawn.
 */
async function scrollFor(scroller: HTMLElement, ms: number, step: number, probe?: () => void): Promise<Frames> {
  const out: Frames = { intervals: [], deltas: [] };
  let last = await frameTimes();
  const end = last.ran + ms;
  let direction = 1;
  while (last.ran < end) {
    const max = scroller.scrollHeight - scroller.clientHeight;
    if (scroller.scrollTop + step * direction > max || scroller.scrollTop + step * direction < 0)
      direction = -direction;
    scroller.scrollTop += step * direction;
    probe?.();
    const now = await frameTimes();
    out.intervals.push(now.begin - last.begin);
    out.deltas.push(now.ran - last.ran);
    last = now;
  }
  return out;
}

async function adapter(): Promise<GridAdapter> {
  if (params.get('grid') === 'mui') return (await import('./mui.tsx')).mui;
  return (await import('./rowaq.tsx')).rowaq;
}

let controls: GridControls;
let grid: GridAdapter;

const bench = {
  rows: ROWS,
  async render(): Promise<number> {
    grid = await adapter();
    const start = performance.now();
    let mounted: Promise<GridControls> | undefined;
    await untilChanged(
      () => (mounted = grid.mount(root, rows, BENCH_COLUMNS)),
      () => root.querySelectorAll(grid.rowSelector).length >= 10,
    );
    controls = await mounted!;
    return (await frame()) - start;
  },
  visibleRows: () => root.querySelectorAll(grid.rowSelector).length,
  firstRowText: () => root.querySelector(grid.rowSelector)?.textContent ?? '',
  filter: () => untilChanged(() => controls.filter(SCENARIO.wildcardFilter.column, SCENARIO.wildcardFilter.text)),
  clearFilter: () => untilChanged(() => controls.clearFilter()),
  sort: () => untilChanged(() => controls.sort(SCENARIO.sort.column, SCENARIO.sort.direction)),
  clearSort: () => untilChanged(() => controls.clearSort()),
  // The fuzzy search runs on a deferred value: typing redraws the input at once and the rows
  // later. The figure is the time to the result, so it waits for the row count to change.
  search: () => untilResult(() => controls.search(SCENARIO.fuzzy)),
  clearSearch: () => untilResult(() => controls.clearSearch()),
  /** The frames (ms) while the rows scroll down `step` px a frame for `ms`. */
  scroll: (ms = 3000, step = 240): Promise<Frames> => scrollFor(controls.scroller(), ms, step),
  /**
   * The machine's own floor: the same scroll (240 px a frame) on a plain scroller as
   * large as the grid's, lined like rows by a gradient, with nothing drawn per frame. Frames over
   * 20 ms here are the machine's, not a grid's.
   */
  async floor(ms = 3000, step = 240): Promise<Frames> {
    const scroller = document.createElement('div');
    scroller.style.cssText = 'width: 1400px; height: 772px; overflow: auto';
    const content = document.createElement('div');
    content.style.cssText = 'height: 2400000px; background: repeating-linear-gradient(#fff 0 23px, #ddd 23px 24px)';
    scroller.append(content);
    root.append(scroller);
    await frame();
    const frames = await scrollFor(scroller, ms, step);
    scroller.remove();
    return frames;
  },
  /**
   * The same scroll, untimed, looking at what each frame draws: in the frame's animation callback,
   * after the scroll is set, the points a third, two thirds and nine tenths down the scroller
   * (halfway across) are hit-tested; a point not on a row is a band the frame draws without rows
   * (the window lags the scroll). Returns how many frames had one, of how many.
   */
  async gaps(ms = 1500, step = 240): Promise<{ frames: number; blank: number }> {
    const scroller = controls.scroller();
    const box = scroller.getBoundingClientRect();
    const x = box.left + scroller.clientWidth / 2;
    const ys = [1 / 3, 2 / 3, 0.9].map((f) => box.top + scroller.clientHeight * f);
    let blank = 0;
    const { intervals } = await scrollFor(scroller, ms, step, () => {
      if (ys.some((y) => !document.elementFromPoint(x, y)?.closest(grid.rowSelector))) blank++;
    });
    scroller.scrollTop = 0;
    return { frames: intervals.length, blank };
  },
  /**
   * Scrolls `step` px a frame until `rows` rows have gone by (to see what the grid keeps of the
   * rows it drew: the harness reads the heap after a collection before and after), then back to
   * the top. Returns the rows scrolled past.
   */
  async scrollPast(rows: number, step = 960): Promise<number> {
    const scroller = controls.scroller();
    const end = Math.min(rows * ROW_HEIGHT, scroller.scrollHeight - scroller.clientHeight);
    while (scroller.scrollTop < end) {
      scroller.scrollTop = Math.min(end, scroller.scrollTop + step);
      await frame();
    }
    const passed = Math.round(scroller.scrollTop / ROW_HEIGHT);
    scroller.scrollTop = 0;
    await frame();
    return passed;
  },
  /**
   * Import of an .xlsx through the grid's import (worker read + validation): ms and counts.
   * The worker is started first, as the grid's Import button does when it opens the file
   * dialog; the time runs from the file being chosen.
   */
  async importFile(url: string) {
    prepareImport();
    const bytes = await (await fetch(url)).arrayBuffer();
    const file = new File([bytes], url.split('/').pop()!);
    const start = performance.now();
    const result = await importSpreadsheet(file, BENCH_COLUMNS, 'en');
    return { ms: performance.now() - start, rows: result.rows.length, errors: result.errors.length };
  },
  /**
   * The same import through the grid's toolbar, as a user does it: the file given to its file
   * input, until the rows are merged into the grid and drawn with the import's report (one
   * commit): ms.
   */
  async importShown(url: string) {
    if (!controls.importFile || !controls.importReport) return null;
    prepareImport();
    const bytes = await (await fetch(url)).arrayBuffer();
    const file = new File([bytes], url.split('/').pop()!);
    return untilChanged(
      () => controls.importFile!(file),
      () => controls.importReport!().includes('imported'),
    );
  },
  /** Export of the first `count` rows to .xlsx through the grid's export (worker write + download). */
  async exportFile(count: number) {
    const start = performance.now();
    await exportRows(rows.slice(0, count), BENCH_COLUMNS, 'xlsx', 'bench.xlsx', 'en');
    return performance.now() - start;
  },
  exportCsv(): number | null {
    if (!controls.exportCsv) return null;
    const start = performance.now();
    controls.exportCsv();
    return performance.now() - start;
  },
};

(window as unknown as { __bench: typeof bench }).__bench = bench;
document.title = 'ready';
