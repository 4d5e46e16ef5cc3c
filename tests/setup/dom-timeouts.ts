/**
 * Testing Library waits up to 1 s for what it looks for by default: on a busy 2-core machine
 * (several test files at once) a screen that draws correctly can take longer. Only the waits
 * grow; a missing element still fails.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}
export {};
