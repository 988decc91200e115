/**
 * The layers of the server (apps/server/src/modules/README.md) and no import cycles anywhere, checked by
 * `npm run lint` with dependency-cruiser. Type-only imports count (tsPreCompilationDeps): a type couples two
 * modules as much as a value does.
 *
 * Server layers, bottom up; a file may import its own module and the layers below, never one above:
 *   platform  db, config, errors, lib, plugins, modules/{audit,events,jobs,wallet}
 *   identity  modules/{auth,operators}
 *   business  modules in BUSINESS order below: each may use the ones before it, never one after it
 *   views     modules/{console,profile}: read models over the others' services
 * app.ts, server.ts, cluster.ts, cli/ and each module's *.cli.ts are the composition roots that build modules, the
 * all-tables index db/schema (for drizzle-kit) names every module's tables, and a table's foreign key names the
 * table it references; tests and fixtures arrange modules as app.ts
 * does. They are exempt from the layer rules, not from the cycle rule.
 */
const SRC = '^apps/server/src/';
const PLATFORM_MODULES = ['audit', 'events', 'jobs', 'wallet'];
const IDENTITY = ['auth', 'operators'];
const BUSINESS = [
  'games',
  'bets',
  'providers',
  'originals',
  'turnover',
  'content',
  'telegram',
  'deposits',
  'channels',
  'withdrawals',
  'promotions',
  'community',
  'agents',
  'vip',
  'redpackets',
];
const VIEWS = ['console', 'profile'];

const mod = (names) => `${SRC}modules/(${names.join('|')})/`;
const EXEMPT = [
  '\\.test\\.ts$',
  '\\.fixtures\\.ts$',
  `${SRC}(app|server|cluster)\\.ts$`,
  `${SRC}cli/`,
  '\\.cli\\.ts$',
  // A table's foreign key names the referenced table wherever it lives; the database enforces it either way.
  '\\.schema\\.ts$',
  `${SRC}db/schema/`,
  `${SRC}db/seed\\.ts$`,
];

const LAYERS = [
  [
    `${SRC}(db|lib|plugins)/|${SRC}(config|errors)\\.ts$|${mod(PLATFORM_MODULES)}`,
    [...IDENTITY, ...BUSINESS, ...VIEWS],
  ],
  [mod(IDENTITY), [...BUSINESS, ...VIEWS]],
  ...BUSINESS.map((name, i) => [mod([name]), [...BUSINESS.slice(i + 1), ...VIEWS]]),
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: the files on it cannot be understood, built or tested one without the other.',
      from: {},
      to: { circular: true },
    },
    ...LAYERS.map(([from, higher]) => ({
      name: 'layers-point-down',
      severity: 'error',
      comment:
        'A module imports its own folder and the layers below it (modules/README.md). A lower module tells a ' +
        'higher one of its facts through hooks or domain events (modules/events/domain.ts), not an import.',
      from: { path: from, pathNot: EXEMPT },
      to: { path: mod(higher) },
    })),
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, dependencyTypesNot: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|drizzle)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
