/**
 * engine/core: no React, no MUI. The public API the React layer wires.
 */
export * from './permissions.ts';
export * from './rtl.ts';
export * from './text.ts';
export * from './routes.ts';
export * from './query.ts';
export * from './cookie-jar.ts';
export * from './session.ts';
export * from './language.ts';
export * from './layout-settings.ts';
export * from './guard.ts';
export * from './layout.ts';
export * from './list-state.ts';
export * from './toasts.ts';
export * from './live-data.ts';
export * from './logout.ts';
export * from './payment-due.ts';
export * from './only-payments.ts';
export * from './badges.ts';
export * from './dates.ts';
export * from './keystroke.ts';
export * from './api/index.ts';
