/**
 * Import rules dependency-cruiser checks in `npm run lint` (issue 15): no cycles anywhere, type-only
 * imports included (they tangle modules as much as value imports do; ESLint's import-x/no-cycle
 * skips them).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules import each other in a circle. Put what they share (types first) in a module below ' +
        'both, so imports go one way.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|dist-server|data|coverage|screenshots|bench-results|public)/' },
    // Type-only imports count: the cycle through shared types is the one to break.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
