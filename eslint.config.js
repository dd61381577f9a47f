import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The layers (docs/architecture.md): views → app → machines → domain → storage.
const provideOutsideApp = {
  selector: "CallExpression[callee.property.name='provide']",
  message:
    'Only the app layer provides effects to machines: do this wiring in src/app/<feature>/ (tests may provide fakes).',
};
const viewsNoStorage = 'Views do not import src/storage: read and save through a hook of the app layer (src/app/).';

export default tseslint.config(
  { ignores: ['dist', '.ssr', 'styled-system', 'node_modules', 'test-results', 'playwright-report', '.data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['public/**/*.js'],
    ignores: ['public/sw.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['public/sw.js'],
    languageOptions: { globals: globals.serviceworker, sourceType: 'script' },
  },
  {
    files: ['scripts/**/*.mjs', '*.cjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Only src/storage may touch localStorage.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/storage/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'localStorage', message: 'Use src/storage accessors.' }],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'localStorage', message: 'Use src/storage accessors.' },
      ],
    },
  },
  {
    // .provide( only in the app layer (and in tests, which are outside src).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/app/**'],
    rules: { 'no-restricted-syntax': ['error', provideOutsideApp] },
  },
  {
    // Views render: no storage, static or loaded on demand.
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+storage(/.*)?$', message: viewsNoStorage }] },
      ],
      'no-restricted-syntax': [
        'error',
        provideOutsideApp,
        { selector: 'ImportExpression[source.value=/^(\\.\\.\\/)+storage(\\/|$)/]', message: viewsNoStorage },
      ],
    },
  },
  {
    // Machines and domain are pure: nothing from the views or the app layer.
    files: ['src/machines/**/*.{ts,tsx}', 'src/domain/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(views|app)(/.*)?$',
              message: 'Machines and domain code import no views and no app layer (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
);
