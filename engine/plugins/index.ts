/**
 * The plugins the portal ships with, passed as values to createApp (main.tsx) and to the
 * stories. A plugin brings renderer entries and named components (see registry.ts).
 */
import type { RowaqPlugin } from '../react/registry/registry.ts';
// The plugin entry only (a lazy component): the grid's code loads with its first screen.
import { gridPlugin } from './grid/plugin.ts';
import { qrPlugin } from './qr/plugin.ts';
import { calendarPlugin } from './calendar/plugin.ts';
import { chatPlugin } from './chat/plugin.ts';

export const PLUGINS: readonly RowaqPlugin[] = [gridPlugin, qrPlugin, calendarPlugin, chatPlugin];
