/**
 * The grid as a Rowaq plugin: the `grid#Grid` component for `view: plugin` screens. The grid's
 * code (TanStack, Fuse.js, the model) loads with the first grid screen, not with the app.
 */
import { lazyNamed } from '../../react/lazy.ts';
import type { RowaqPlugin } from '../../react/registry/registry.ts';

const GridScreen = lazyNamed(() => import('./react/GridScreen.tsx'), 'GridScreen');

export const gridPlugin: RowaqPlugin = {
  name: 'grid',
  components: { 'grid#Grid': GridScreen },
};
