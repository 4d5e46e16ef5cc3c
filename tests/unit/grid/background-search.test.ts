/**
 * The grid's fuzzy search in a worker (engine/plugins/grid/search): the worker's side (its
 * protocol, run here in Node) gives what the page's search gives; the page's side sends the key
 * columns once, keeps only the latest query waiting, ends the worker on release, and searches on
 * the page when the worker fails. A stand-in Worker runs the worker's protocol on a later task,
 * as a real one answers; the real worker is used end to end (tests/e2e/grid.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  columnSearcher,
  createFuzzySearcher,
  keyColumns,
  SEARCH_KEYS,
} from '../../../engine/plugins/grid/model/search.ts';
import type { GridRow } from '../../../engine/plugins/grid/model/types.ts';
import {
  createBackgroundSearcher,
  MOST_PARTS,
  ROWS_PER_PART,
  searchParts,
} from '../../../engine/plugins/grid/search/background-search.ts';
import { mergeRanked } from '../../../engine/plugins/grid/search/merge-ranked.ts';
import {
  handleSearchRequest,
  packColumns,
  unpackColumns,
  type SearchRequest,
  type SearchState,
} from '../../../engine/plugins/grid/search/protocol.ts';
import { FakeWorker } from './fake-search-worker.ts';

const rows: GridRow[] = [
  { name: 'Ahmed Mahmoud', name_local: 'أحمد محمود', code: 'S1001' },
  { name: 'Mona Hassan', name_local: 'منى حسن', code: 'S1002' },
  { name: 'Omar Khaled', name_local: 'عمر خالد', code: 2001 },
  { name: null, name_local: undefined, code: 'S3003' },
  { name: 'Mostafa Ali', name_local: 'مصطفى علي', code: 'S4004' },
];
const keys = [...SEARCH_KEYS];
const QUERIES = ['Ahmad', 'منى', '2001', 'S3003', 'Mustafa', 'zzzzqqq', ''];

/** 1,000 rows whose names repeat (so many matches tie on score), with codes and Arabic names. */
const FIRST = [
  'Mona',
  'Ahmed',
  'Mostafa',
  'Laila',
  'Omar',
  'Mustafa',
  'Hassan',
  'Noura',
  'Mahmoud',
  'Salma',
  'Youssef',
];
const LAST = ['Hassan', 'Ali', 'Mahmoud', 'Khaled', 'Mustafa', 'Saad', 'Fathy'];
const LOCAL = ['منى', 'أحمد', 'مصطفى', 'ليلى', 'عمر', 'مصطفى', 'حسن', 'نورة', 'محمود', 'سلمى', 'يوسف'];
const many: GridRow[] = Array.from({ length: 1000 }, (_, i) => ({
  name: i % 97 === 0 ? null : `${FIRST[(i * 7) % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
  name_local: `${LOCAL[(i * 7) % LOCAL.length]} ${LOCAL[(i * 5) % LOCAL.length]}`,
  code: i % 3 ? `S${20240000 + i}` : 20240000 + i,
}));
const MANY_QUERIES = [
  'Mona Hassan',
  'Mustafa',
  'Mostafa Ali',
  'M',
  'مصطفى',
  '2024',
  'S20240500',
  'Laila Mustafa',
  'xq',
  '',
];

describe('the worker side', () => {
  it('key columns hold each key as text, empty for no value', () => {
    expect(keyColumns(rows, keys)).toEqual([
      ['Ahmed Mahmoud', 'Mona Hassan', 'Omar Khaled', '', 'Mostafa Ali'],
      ['أحمد محمود', 'منى حسن', 'عمر خالد', '', 'مصطفى علي'],
      ['S1001', 'S1002', '2001', 'S3003', 'S4004'],
    ]);
  });
  it('searching the key columns gives what searching the rows gives, in the same order', () => {
    const onRows = createFuzzySearcher(rows, keys);
    const onColumns = columnSearcher(keys, keyColumns(rows, keys));
    for (const query of QUERIES) expect(onColumns.search(query), query).toEqual(onRows.search(query));
    expect(onColumns.search('Mustafa')[0]).toBe(4);
  });
  it('packs the key columns into one string and unpacks them unchanged, whatever they hold', () => {
    const columns = [
      ['', 'Ahmed', 'منى حسن', 'a\u0000b', '👩‍🎓 x'],
      ['S1', '', '', '|||', 'é'],
    ];
    const packed = packColumns(columns);
    expect(packed.text).toBe(columns.flat().join(''));
    expect(packed.ends).toHaveLength(10);
    expect(unpackColumns(packed, 2)).toEqual(columns);
    expect(unpackColumns(packColumns(keyColumns(rows, keys)), 3)).toEqual(keyColumns(rows, keys));
    expect(unpackColumns(packColumns([]), 0)).toEqual([]);
  });
  it('ranks each answer by score, best first, the lower position first on equal scores', () => {
    const searcher = columnSearcher(keys, keyColumns(many, keys));
    for (const query of MANY_QUERIES) {
      const { indices, scores } = searcher.ranked(query);
      expect(Array.from(indices), query).toEqual(searcher.search(query));
      expect(scores).toHaveLength(indices.length);
      for (let i = 1; i < indices.length; i++) {
        expect(scores[i - 1]! <= scores[i]!, `${query} #${i}`).toBe(true);
        if (scores[i - 1] === scores[i]) expect(indices[i - 1]! < indices[i]!).toBe(true);
      }
    }
    // Names repeat, so equal scores are there to order.
    const { scores } = searcher.ranked('Mona Hassan');
    expect(new Set(scores).size).toBeLessThan(scores.length);
  });
  it('answers over parts of the rows merge into the answer over all of them, in the same order', () => {
    const whole = columnSearcher(keys, keyColumns(many, keys));
    for (const cuts of [
      [0, 1000],
      [0, 500, 1000],
      [0, 1, 999, 1000],
      [0, 250, 251, 700, 1000],
      [0, 0, 1000],
    ]) {
      const parts = cuts.slice(1).map((to, p) => ({
        offset: cuts[p]!,
        searcher: columnSearcher(keys, keyColumns(many.slice(cuts[p], to), keys)),
      }));
      for (const query of MANY_QUERIES) {
        const answers = parts.map(({ offset, searcher }) => ({ offset, ...searcher.ranked(query) }));
        expect(mergeRanked(answers), `${query} cut at ${cuts.join(',')}`).toEqual(whole.search(query));
      }
    }
    expect(mergeRanked([])).toEqual([]);
  });
  it('answers a search with the rows found, an empty answer before it is indexed', () => {
    const state: SearchState = { searcher: null };
    expect(Array.from(handleSearchRequest(state, { type: 'search', id: 1, query: 'Mona' })!.indices)).toEqual([]);
    expect(handleSearchRequest(state, { type: 'index', keys, packed: packColumns(keyColumns(rows, keys)) })).toBeNull();
    const answer = handleSearchRequest(state, { type: 'search', id: 2, query: 'Muna' })!;
    expect(answer.id).toBe(2);
    expect(answer.indices).toBeInstanceOf(Int32Array);
    expect(answer.scores).toBeInstanceOf(Float64Array);
    expect(Array.from(answer.indices)).toEqual(createFuzzySearcher(rows).search('Muna'));
    expect(answer.scores).toEqual(createFuzzySearcher(rows).ranked('Muna').scores);
  });
});

describe('the page side', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
    FakeWorker.failNext = false;
  });
  const searches = (worker: FakeWorker) =>
    worker.sent.filter((r) => r.type === 'search').map((r) => (r as { query: string }).query);

  it('is not made where there are no workers (the grid then searches on the page)', () => {
    expect(typeof Worker).toBe('undefined');
    expect(createBackgroundSearcher(rows, keys)).toBeNull();
  });

  it('sends the key columns once, on warm, and answers each query with the rows found', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const searcher = createBackgroundSearcher(rows, keys)!;
    expect(FakeWorker.made).toHaveLength(0);
    searcher.warm();
    const [worker] = FakeWorker.made;
    expect(worker!.url.pathname).toMatch(/search\.worker\.ts$/);
    expect(worker!.sent).toHaveLength(1);
    const index = worker!.sent[0] as Extract<SearchRequest, { type: 'index' }>;
    expect(index.keys).toEqual(keys);
    expect(unpackColumns(index.packed, keys.length)).toEqual(keyColumns(rows, keys));
    expect(await searcher.find('Muna')).toEqual([1]);
    expect(await searcher.find('Mustafa')).toEqual(createFuzzySearcher(rows).search('Mustafa'));
    expect(FakeWorker.made).toHaveLength(1);
    expect(worker!.sent.filter((r) => r.type === 'index')).toHaveLength(1);
  });

  it('keeps only the latest query waiting while one runs: the one typed over gives null', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const searcher = createBackgroundSearcher(rows, keys)!;
    const first = searcher.find('M');
    const second = searcher.find('Mo');
    const third = searcher.find('Mona');
    expect(await second).toBeNull();
    expect(await first).toEqual(createFuzzySearcher(rows).search('M'));
    expect(await third).toEqual([1]);
    expect(searches(FakeWorker.made[0]!)).toEqual(['M', 'Mona']);
  });

  it('release ends the worker (what waits gives null); the next search starts and indexes another', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const searcher = createBackgroundSearcher(rows, keys)!;
    expect(await searcher.find('Omar')).toEqual([2]);
    const lost = searcher.find('Mona');
    searcher.release();
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    expect(await lost).toBeNull();
    expect(await searcher.find('Mona')).toEqual([1]);
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made[1]!.sent[0]!.type).toBe('index');
  });

  it('a worker that fails is ended; the latest query is answered on the page, and the rest after it', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.failNext = true;
    const searcher = createBackgroundSearcher(rows, keys)!;
    const replaced = searcher.find('M');
    const latest = searcher.find('Mona');
    expect(await latest).toEqual([1]);
    expect(await replaced).toBeNull();
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    expect(await searcher.find('Omar')).toEqual([2]);
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('splits many rows between workers, one a core: each indexes its part, and their answers merge', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const searcher = createBackgroundSearcher(many, keys, 3)!;
    searcher.warm();
    expect(FakeWorker.made).toHaveLength(3);
    const parts = FakeWorker.made.map((worker) =>
      unpackColumns((worker.sent[0] as Extract<SearchRequest, { type: 'index' }>).packed, keys.length),
    );
    expect(parts.map((columns) => columns[0]!.length)).toEqual([333, 334, 333]);
    // Together, in order, the parts are every row's values.
    expect(keys.map((_, k) => parts.flatMap((columns) => columns[k]!))).toEqual(keyColumns(many, keys));
    const whole = createFuzzySearcher(many);
    for (const query of ['Mona Hassan', 'مصطفى', 'S20240500', 'M'])
      expect(await searcher.find(query), query).toEqual(whole.search(query));
    // Only the latest query waits, in every worker.
    const first = searcher.find('Mo');
    const replaced = searcher.find('Mos');
    const latest = searcher.find('Mostafa Ali');
    expect(await replaced).toBeNull();
    expect(await first).toEqual(whole.search('Mo'));
    expect(await latest).toEqual(whole.search('Mostafa Ali'));
    for (const worker of FakeWorker.made)
      expect(searches(worker)).toEqual(['Mona Hassan', 'مصطفى', 'S20240500', 'M', 'Mo', 'Mostafa Ali']);
    searcher.release();
    expect(FakeWorker.made.every((worker) => worker.terminated)).toBe(true);
  });

  it("one part's worker failing ends them all; the search goes on on the page", async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const searcher = createBackgroundSearcher(many, keys, 2)!;
    searcher.warm();
    FakeWorker.made[1]!.failing = true;
    expect(await searcher.find('Mustafa')).toEqual(createFuzzySearcher(many).search('Mustafa'));
    expect(FakeWorker.made.map((worker) => worker.terminated)).toEqual([true, true]);
    expect(await searcher.find('Laila')).toEqual(createFuzzySearcher(many).search('Laila'));
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('takes one worker a core, each with at least ROWS_PER_PART rows, and no more than MOST_PARTS', () => {
    expect(searchParts(100_000, 2)).toBe(2);
    expect(searchParts(100_000, 1)).toBe(1);
    expect(searchParts(2 * ROWS_PER_PART - 1, 8)).toBe(1);
    expect(searchParts(2 * ROWS_PER_PART, 8)).toBe(2);
    expect(searchParts(1_000_000, 16)).toBe(MOST_PARTS);
    expect(searchParts(0, 4)).toBe(1);
  });
});
