// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports that put a framework into code that must stay framework-free. */
const frameworks = [
  {
    group: ['react', 'react-dom', 'react-dom/*', 'react-redux', 'react-router', '@reduxjs/*'],
    message: 'This layer stays free of React and Redux (ARCHITECTURE §2).',
  },
];
const noParentImports = {
  group: ['../*', '../**'],
  message:
    'Import from outside this folder through the @/ alias so the direction rules can see it.',
};
const layer = (name, message) => ({ group: [`@/${name}`, `@/${name}/**`], message });

/** Files that bind React to the framework-free globe engine: the only ones allowed to import both. */
const globeBridges = [
  'src/features/globe/GlobeCanvas.tsx',
  'src/features/globe/connectGlobe.ts',
  'src/components/PositionPicker.tsx',
];

/** Shared UI (src/components/) sits below app/ and features/: any feature may use it. */
const sharedComponentImports = (engine) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        noParentImports,
        layer('app', 'Shared components import no app code (app → features → components).'),
        layer('features', 'Shared components import no feature code; features import them.'),
        ...(engine
          ? []
          : [layer('globe', 'Only a globe bridge imports the engine (ARCHITECTURE §1).')]),
      ],
    },
  ],
});

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'dist-e2e-*/',
      'data/',
      'coverage/',
      'screenshots/',
      'bench-results/',
      'public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noParentImports] }],
    },
  },
  {
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noParentImports,
            ...frameworks,
            layer('app', 'lib/ is the bottom layer: it imports no app code.'),
            layer('features', 'lib/ is the bottom layer: it imports no feature code.'),
            layer('globe', 'lib/ is the bottom layer: it imports no engine code.'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/globe/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Exact names: deep imports stay allowed, the root barrels (1.5 MB gzip) do not.
          paths: ['@babylonjs/core', '@babylonjs/gui', '@babylonjs/loaders'].map((name) => ({
            name,
            message: 'Deep-import Babylon modules; the root barrel costs 1.5 MB gzip.',
          })),
          patterns: [
            noParentImports,
            ...frameworks,
            layer('app', 'The globe engine imports only lib/ (ARCHITECTURE §2).'),
            layer('features', 'The globe engine imports only lib/ (ARCHITECTURE §2).'),
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    ignores: globeBridges,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noParentImports,
            {
              group: ['@/app/**', '!@/app/hooks'],
              message: 'Features reach app/ only through its typed hooks (app → features → lib).',
            },
            layer('globe', 'Only the globe bridge imports the engine (ARCHITECTURE §1).'),
            {
              group: [
                '@/features/*',
                '@/features/**',
                `!@/features/${feature}`,
                `!@/features/${feature}/**`,
              ],
              message:
                "Features do not import each other's internals: share through lib/ or the store.",
            },
          ],
        },
      ],
    },
  })),
  { files: ['src/components/**'], ignores: globeBridges, rules: sharedComponentImports(false) },
  {
    files: globeBridges.filter((file) => file.startsWith('src/components/')),
    rules: sharedComponentImports(true),
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...frameworks,
            layer('app', 'The server shares only pure modules of src/lib/.'),
            layer('features', 'The server shares only pure modules of src/lib/.'),
            layer('globe', 'The server shares only pure modules of src/lib/.'),
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'tests/**', 'server/**'],
    rules: { 'no-console': 'off' },
  },
);
