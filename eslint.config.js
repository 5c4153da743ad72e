// @ts-check
import js from '@eslint/js';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

/** DESIGN.md boundaries: core stands alone; the renderer reaches core only through its client. */
const coreBoundary = {
  paths: [
    { name: 'electron', message: 'core/ must not depend on Electron (DESIGN.md).' },
    { name: 'react', message: 'core/ must not depend on React (DESIGN.md).' },
    { name: 'react-dom', message: 'core/ must not depend on React (DESIGN.md).' },
    { name: 'zustand', message: 'core/ must not depend on UI state (DESIGN.md).' },
  ],
  patterns: [
    {
      group: ['**/renderer/**', '**/electron/**'],
      message: 'core/ must not import the apps built on it.',
    },
  ],
};

const LOWER_LAYERS =
  'persistence/, http/ and metadata/ import only errors.ts, the contract leaf and (types only) the model schema (issues 11, 25).';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'bench/.work/**',
      'core/src/loader/fixtures/**',
      'examples/**/data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'simple-import-sort': simpleImportSort },
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      // Groups: node builtins, packages (the framework's own name included, as users import
      // it), then relative imports; alphabetical within each.
      'simple-import-sort/imports': [
        'error',
        { groups: [['^node:'], ['^@?\\w', '^decorest$'], ['^\\.']] },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', coreBoundary] },
  },
  {
    // Issue 11: the lower layers import only errors.ts (and the CommonJS loader), so the
    // request walk goes straight down and nothing below calls back up. Issue 25: and the
    // contract leaf; a store may read a model's schema (types only: an SQL store makes its
    // tables from it).
    files: ['core/src/persistence/*.ts', 'core/src/http/*.ts', 'core/src/metadata/*.ts'],
    ignores: ['**/*.test.ts', '**/*.case.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!errors\\.js$|require-cjs\\.js$|contract/|model/schema\\.js$)',
              message: LOWER_LAYERS,
            },
            { regex: '^\\.\\./model/schema\\.js$', allowTypeImports: true, message: LOWER_LAYERS },
          ],
        },
      ],
    },
  },
  {
    // The same rule one folder down (persistence/postgres/, …): siblings of the folder are fine.
    files: [
      'core/src/persistence/*/**/*.ts',
      'core/src/http/*/**/*.ts',
      'core/src/metadata/*/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.case.ts', '**/test-support/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^\\.\\./\\.\\./(?!errors\\.js$|require-cjs\\.js$|contract/|model/schema\\.js$)',
              message: LOWER_LAYERS,
            },
            {
              regex: '^\\.\\./\\.\\./model/schema\\.js$',
              allowTypeImports: true,
              message: LOWER_LAYERS,
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 25: the wire contract is a leaf (as Mockoon's commons): it imports nothing, so every
    // layer may use its types without pulling anything up.
    files: ['core/src/contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...coreBoundary,
          patterns: [
            ...coreBoundary.patterns,
            {
              group: ['../*', 'node:*'],
              message: 'core/src/contract/ imports nothing (issue 25).',
            },
          ],
        },
      ],
    },
  },
  {
    // DESIGN.md: the renderer reaches the core only through the control contract and client.
    files: ['renderer/src/**/*.{ts,tsx}'],
    // Unit tests run in Node against a real loopback server (STYLE "Tests"); their fixtures
    // are made in Node too (the core's own OpenAPI document of the example).
    ignores: [
      'renderer/src/**/*.test.ts',
      'renderer/src/**/test-server.ts',
      'renderer/src/**/*.fixture.ts',
    ],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        location: 'readonly',
        localStorage: 'readonly',
        sessionStorage: 'readonly',
        fetch: 'readonly',
        Blob: 'readonly',
        File: 'readonly',
        AbortController: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        URLSearchParams: 'readonly',
        ResizeObserver: 'readonly',
        HTMLElement: 'readonly',
        HTMLDivElement: 'readonly',
        HTMLInputElement: 'readonly',
        HTMLMetaElement: 'readonly',
        KeyboardEvent: 'readonly',
        requestAnimationFrame: 'readonly',
        React: 'readonly',
      },
    },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)core/',
              message:
                'The renderer reaches the core through src/api.ts (the client and the contract types).',
            },
            { group: ['node:*'], message: 'The renderer runs in a browser: no Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    // The renderer's tests too: they drive the stores through the same door.
    files: ['renderer/src/**/*.test.ts', 'renderer/src/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)core/',
              message: 'Renderer tests reach the core through src/api.ts, as the renderer does.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one door: the control client and the contract's types, nothing else of core.
    files: ['renderer/src/api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '(^|/)core/(?!src/contract/[\\w-]+(\\.[jt]s)?$|src/control/client(\\.[jt]s)?$)',
              message:
                'src/api.ts re-exports only core/src/contract/ (the wire contract) and the control client.',
            },
            { group: ['node:*'], message: 'The renderer runs in a browser: no Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    // Example projects are user code: they import the framework by its public name only.
    files: ['examples/**/*.ts'],
    ignores: ['examples/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/core/**'], message: "Examples import 'decorest', like users do." },
          ],
        },
      ],
    },
  },
);
