/** The grid's model: no React. The import/export (grid io) and the component build on it. */
export * from './types.ts';
export * from './messages.ts';
export * from './dates.ts';
export * from './format.ts';
export * from './columns.ts';
export * from './validate.ts';
export { numberToWords, wordsOverflow, WORDS_MAX } from '../../../core/number-words.ts';
export * from './keys.ts';
export * from './filter.ts';
export * from './search.ts';
export * from './sort.ts';
export * from './summary.ts';
export * from './paging.ts';
export * from './undo.ts';
export * from './clipboard.ts';
export * from './view.ts';
export * from './merge.ts';
