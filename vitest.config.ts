import { defineConfig } from 'vitest/config';

// One runner for units, server integration and (through playwright-core) end-to-end tests.
// Browser-facing unit tests opt into jsdom with a `// @vitest-environment jsdom` comment.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
    // An e2e file's beforeAll may wait for another file's client build and demo seed (one at a time).
    hookTimeout: 600_000,
    pool: 'forks',
    setupFiles: ['tests/setup/dom-timeouts.ts'],
  },
});
