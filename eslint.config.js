// The house's rules, checked by `npm test`: typescript-eslint's recommended set, React's hook rules,
// and the architecture's boundaries (which folder may import which), so they are checked, not remembered.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const REACT_PACKAGES = [
  'react',
  'react-dom',
  'react-dom/*',
  'react-router-dom',
  '@mui/*',
  '@emotion/*',
  '@rjsf/*',
  'notistack',
  'react-i18next',
];
const REACT_FOLDERS = ['**/engine/react/**', '**/engine/plugins/*/react/**', '**/engine/plugins/*/*.tsx'];
const SERVER_FOLDERS = ['**/server/**'];

const noReact = (who) => [
  {
    group: REACT_PACKAGES,
    message: `${who} imports no React: a view belongs in engine/react or a plugin's react/ folder.`,
  },
  { group: REACT_FOLDERS, message: `${who} imports no React code: move a shared rule to engine/core.` },
];
const noServer = (who) => [
  {
    group: SERVER_FOLDERS,
    message: `${who} runs in the browser: it imports no server code (share rules through engine/core).`,
  },
];

/** One folder's import boundary. Each file falls in exactly one of these, so no entry overrides another. */
const boundary = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.generated/',
      'dist/',
      'data/',
      '.storybook-out/',
      'bench/out/',
      'tests/.tmp/',
      'versions/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // The server's tables are defined at run time by the manifest, so its query builder is Kysely<any>;
    // tests and benches poke at untyped JSON answers. Elsewhere `any` stays an error.
    files: ['server/**', 'tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  boundary(['engine/core/**'], [...noReact('engine/core'), ...noServer('engine/core')]),
  boundary(
    ['engine/plugins/*/io/**', 'engine/plugins/*/model/**', 'engine/plugins/*/search/**'],
    [...noReact("A plugin's pure folder"), ...noServer("A plugin's pure folder")],
  ),
  boundary(
    ['engine/react/**', 'engine/plugins/*/react/**', 'engine/plugins/*/*.{ts,tsx}', 'stories/**'],
    noServer('The engine'),
  ),
  boundary(['server/**', 'generator/**'], noReact('The server')),
);
