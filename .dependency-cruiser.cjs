/** The dependency rules of ARCHITECTURE.md, checked in the test command. */
const testFiles = '\\.(test|spec)\\.tsx?$|/testing/';

module.exports = {
  forbidden: [
    {
      name: 'engine-imports-nothing',
      comment: 'The engine is pure: it depends on nothing outside itself (tests may use test tools).',
      severity: 'error',
      from: { path: '^packages/engine/src', pathNot: testFiles },
      to: { pathNot: '^packages/engine/src' },
    },
    {
      name: 'contract-only-zod',
      comment: 'The contract depends on zod alone.',
      severity: 'error',
      from: { path: '^packages/contract/src', pathNot: testFiles },
      to: { pathNot: ['^packages/contract/src', 'node_modules/zod/'] },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: '^apps/web' },
      to: { path: ['^apps/server', '^packages/engine'] },
    },
    {
      name: 'server-never-imports-web',
      severity: 'error',
      from: { path: '^apps/server' },
      to: { path: '^apps/web' },
    },
    {
      name: 'web-features-independent',
      comment: 'What two features share moves down into ui/, api/ or a shared hook.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'trading-widgets-are-shared-ground',
      comment:
        'The trading widgets and form kit are composed by the spot, margin and futures pages: no feature inside.',
      severity: 'error',
      from: { path: '^apps/web/src/trading/', pathNot: testFiles },
      to: { path: ['^apps/web/src/features/', '^apps/web/src/app/'] },
    },
    {
      name: 'ui-is-shared-ground',
      comment: 'The design system knows nothing of features or the app.',
      severity: 'error',
      from: { path: '^apps/web/src/ui/' },
      to: { path: ['^apps/web/src/features/', '^apps/web/src/app/'] },
    },
    {
      name: 'modules-independent',
      comment:
        'A server module never imports another: what two share moves down into a layer named for what it is ' +
        '(accounts/, second-factor/, messages/...), or crosses as an event.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'platform-knows-no-domain',
      comment: "The server's ground floor (HTTP binding, envelope, clock...) imports only itself and packages.",
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/', pathNot: '^apps/server/src/platform/' },
    },
    {
      name: 'no-circular',
      comment: 'No import circles anywhere in the repository.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'dist'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
