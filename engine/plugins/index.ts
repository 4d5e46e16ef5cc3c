/**
 * The plugins the portal ships with, passed as values to createApp (main.tsx) and to the
 * stories. A plugin brings renderer entries and named components (see registry.ts).
 */
import type { RowaqPlugin } from '../react/registry/registry.ts';

export const PLUGINS: readonly RowaqPlugin[] = [];
