/**
 * The spreadsheet grid plugin. `gridPlugin` registers `grid#Grid` for YAML screens
 * (`view: plugin`, `plugin: grid#Grid`); `Grid` is the component for direct use with
 * {columns, rows, onChange, height, paging}; the model (no React) is in ./model.
 */
export { gridPlugin } from './plugin.ts';
export { Grid, type GridProps } from './react/Grid.tsx';
export { GridScreen } from './react/GridScreen.tsx';
export * from './model/index.ts';
