// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';
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
const globeBridges = ['src/features/globe/GlobeCanvas.tsx', 'src/components/PositionPicker.tsx'];

/**
 * Files that bind React to the framework-free 3D capture viewer (src/capture/, Babylon's third
 * engine): the detail view's viewer and the poster drawn when a capture is added.
 */
const captureBridges = ['src/features/detail/CaptureViewer.tsx', 'src/components/CaptureAdder.tsx'];

/** Shared UI (src/components/) sits below app/ and features/: any feature may use it. */
const sharedComponentImports = (engine, capture = false) => ({
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
        ...(capture
          ? []
          : [
              layer(
                'capture',
                'Only a capture bridge imports the capture viewer (captureBridges).',
              ),
            ]),
      ],
    },
  ],
});

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** A feature's import rules: its own code, lib/, components/ and app/'s hooks; the capture viewer for a capture bridge. */
const featureImports = (feature, capture) => ({
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
        ...(capture
          ? []
          : [
              layer(
                'capture',
                'Only a capture bridge imports the capture viewer (captureBridges).',
              ),
            ]),
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
});

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
      // npm run deploy's working folder: the functions' zip and the CDK's output.
      '.deploy/',
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
  {
    files: ['src/capture/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@babylonjs/core', '@babylonjs/gui', '@babylonjs/loaders'].map((name) => ({
            name,
            message: 'Deep-import Babylon modules; the root barrel costs 1.5 MB gzip.',
          })),
          patterns: [
            noParentImports,
            ...frameworks,
            layer('app', 'The capture viewer imports only lib/ (like the globe engine).'),
            layer('features', 'The capture viewer imports only lib/ (like the globe engine).'),
            layer('globe', 'The capture viewer is an engine of its own; it shares lib/ only.'),
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    ignores: [...globeBridges, ...captureBridges],
    rules: featureImports(feature, false),
  })),
  ...captureBridges
    .filter((file) => file.startsWith('src/features/'))
    .map((file) => ({ files: [file], rules: featureImports(file.split('/')[2] ?? '', true) })),
  {
    files: ['src/components/**'],
    ignores: [...globeBridges, ...captureBridges],
    rules: sharedComponentImports(false),
  },
  {
    files: globeBridges.filter((file) => file.startsWith('src/components/')),
    rules: sharedComponentImports(true),
  },
  {
    files: captureBridges.filter((file) => file.startsWith('src/components/')),
    rules: sharedComponentImports(false, true),
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
  {
    // Issue 49: every word a visitor, a contributor or an editor reads goes through the
    // translation layer (`t`, `msg`, `<Trans>`, `plural`; `say` is `t` where `t` is taken). The
    // screens' files may not write text outside it. What is not text for people is let through by
    // its place: class names, ids, addresses, types, keys, CSS queries, header and storage names,
    // the identity service's own codes and messages (SPEC §5 passes them through), measures'
    // names. A word or a code (no space, not capitalised) and UPPERCASE constants are not text.
    files: ['src/**/*.tsx', 'src/{app,features,components,i18n}/**/*.ts'],
    ignores: ['**/*.test.*', '**/*.d.ts'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            '^(?![A-Z])\\S+$',
            '^[A-Z0-9_-]+$',
            '^[^A-Za-z]*$',
            // The archive's name, a proper noun in every language.
            '^Globe Archive$',
          ],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
            'src',
            'srcSet',
            'type',
            'id',
            'key',
            'href',
            'to',
            'rel',
            'role',
            'name',
            'lang',
            'path',
            'Authorization',
            'timeZone',
            'event_category',
          ],
          ignoreFunctions: [
            'say',
            'Error',
            'AuthError',
            'DOMException',
            'console.*',
            'performance.*',
            'useAnswerMeasure',
            'useMediaQuery',
            '*.matchMedia',
            '*.closest',
            '*.startsWith',
            '*.endsWith',
            '*.includes',
            '*.headers.get',
            '*.querySelector',
            '*.querySelectorAll',
            '*.getExtension',
            '*.getItem',
            '*.setItem',
            '*.removeItem',
            '*.addEventListener',
            '*.removeEventListener',
            '*.setAttribute',
            '*.getAttribute',
          ],
        },
      ],
    },
  },
  {
    // Rooms a reader can outline (issue 46): a function that does more is split into named parts
    // that say what they do, a module that holds more into modules. Blank lines and comments count.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false }],
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
    },
  },
);
