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
    {
      name: 'server-domain-below-http',
      severity: 'error',
      comment:
        "The server's domain (storage, photo processing and storage, inbox rules, OAI-PMH, token " +
        'checks, reading import files) knows nothing of HTTP: no Hono, no middleware (server/app), no endpoint ' +
        '(server/routes). Endpoints call it, never the other way round (issue 33).',
      from: { path: '^server/(storage|uploads|inbox|oai|login|imports)/' },
      to: { path: ['^server/(app|routes)/', '(^|/)node_modules/(hono|@hono)/'] },
    },
    {
      name: 'server-layers-below-the-top',
      severity: 'error',
      comment:
        'Endpoints, middleware and the domain take what they need as arguments: they import none ' +
        'of the top (the configuration in server/config, the composition root server/nodesHandler.ts, ' +
        'the runtimes in server/node and server/lambda).',
      from: { path: '^server/(routes|app|storage|uploads|inbox|oai|login|imports|support)/' },
      to: { path: ['^server/(config|node|lambda)/', '^server/[^/]+$'] },
    },
    {
      name: 'server-runtimes-at-the-top',
      severity: 'error',
      comment:
        'server/node and server/lambda are the runtimes: entry points that read the configuration ' +
        'and build the service. The configuration and the composition root never import them, and ' +
        'neither runtime imports the other.',
      from: { path: ['^server/config/', '^server/[^/]+$'] },
      to: { path: '^server/(node|lambda)/' },
    },
    {
      name: 'server-runtimes-apart',
      severity: 'error',
      comment: 'The Node server and the Lambda functions share what is below them, not each other.',
      from: { path: '^server/(node|lambda)/' },
      to: { path: '^server/(node|lambda)/', pathNot: '^server/$1/' },
    },
    {
      name: 'server-support-at-the-bottom',
      severity: 'error',
      comment:
        'server/support holds helpers every layer may use: they import nothing of the server.',
      from: { path: '^server/support/' },
      to: { path: '^server/', pathNot: '^server/support/' },
    },
    {
      name: 'server-app-below-routes',
      severity: 'error',
      comment:
        'server/app holds what endpoints share (the application, middleware, validation); the ' +
        'endpoints in server/routes use it, and it never reaches up into them.',
      from: { path: '^server/app/' },
      to: { path: '^server/routes/' },
    },
    {
      name: 'server-dev-stand-in-apart',
      severity: 'error',
      comment:
        'server/dev/ holds development stand-ins (the local identity server): production code ' +
        'never imports them, not even a type. Only the Node server loads the identity stand-in, ' +
        'on demand (IDENTITY=local), with a dynamic import.',
      from: { path: '^server/', pathNot: '^server/dev/' },
      to: { path: '^server/dev/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'server-dev-loaded-in-one-place',
      severity: 'error',
      comment:
        'The identity stand-in is loaded by server/node/http.ts alone (when IDENTITY=local).',
      from: { path: '^server/', pathNot: ['^server/dev/', '^server/node/http\\.ts$'] },
      to: { path: '^server/dev/' },
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
