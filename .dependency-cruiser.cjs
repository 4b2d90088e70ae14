/**
 * Module boundary rules, run by `pnpm lint` (docs/architecture.md, "Module boundaries").
 *
 * A module is a folder apps/<service>/src/modules/<module>/. Its public surface, what other
 * modules may import:
 *   - files directly in the module folder (`*.module.ts`, `*.service.ts`, `*.entity.ts`,
 *     `*.types.ts`, `*.decorators.ts`, `*.errors.ts`, pure helpers, ...),
 *   - `dto/**`,
 *   - `*.module.ts` and `*.service.ts` anywhere in it (a nested Nest module exports its services),
 *   - the `index.ts` of a subfolder (a subfolder is a package).
 * Internal, never imported from another module: `*.repository.ts` (queries stay behind the
 * module's service), `*.controller.ts`, and every other file inside a subfolder.
 * Test code (`*.spec.ts`, `*.e2e-spec.ts`, `testing/`, `*-test-fixtures.ts`) is not cruised: tests
 * build fixtures across modules.
 *
 * KNOWN_EXCEPTIONS lists what branches in flight remove; each entry names its branch. Delete an
 * entry when its branch lands: the rule then holds for that path too.
 */
const MODULE = '^apps/([^/]+)/src/modules/([^/]+)/';

const KNOWN_EXCEPTIONS = {
  // Module cycles (folders under apps/*/src/modules that reach themselves).
  cycles: [],
  // Imports of another module's repository: [service, importing module, repository file].
  repositories: [],
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const FOREIGN_REPOSITORY = {
  name: 'no-foreign-repository',
  comment:
    "Another module's data is reached through that module's exported service, never its repository.",
  severity: 'error',
};
const foreignRepository = (fromPath, fromPathNot, exempt) => ({
  ...FOREIGN_REPOSITORY,
  from: { path: fromPath, pathNot: fromPathNot },
  to: {
    path: '^apps/$1/src/modules/[^/]+/.*\\.repository\\.ts$',
    pathNot: ['^apps/$1/src/modules/$2/', ...exempt],
  },
});
// One rule for every module without an exception, one per module with its exempt repositories.
const importersWithExceptions = [
  ...new Set(KNOWN_EXCEPTIONS.repositories.map(([service, importer]) => `${service}/${importer}`)),
];
const repositoryRules = [
  foreignRepository(
    MODULE,
    importersWithExceptions.map((key) => `^apps/${key.replace('/', '/src/modules/')}/`),
    [],
  ),
  ...importersWithExceptions.map((key) => {
    const [service, importer] = key.split('/');
    const exempt = KNOWN_EXCEPTIONS.repositories
      .filter(([s, i]) => s === service && i === importer)
      .map(([, , repository]) => `^apps/${service}/src/modules/${escape(repository)}$`);
    return foreignRepository(`^apps/(${service})/src/modules/(${importer})/`, undefined, exempt);
  }),
];

module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      comment:
        'Feature modules form a directed graph: a module never reaches itself through other modules. ' +
        'Break a cycle by moving the shared part into its own module or by an interface the lower module owns.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/[^/]+/src/modules/[^/]+', pathNot: KNOWN_EXCEPTIONS.cycles },
      to: { circular: true },
    },
    ...repositoryRules,
    {
      name: 'no-foreign-internals',
      comment:
        "Another module is used through its public surface: files directly in its folder (not its controllers), its dto/ and a subfolder's index.ts.",
      severity: 'error',
      from: { path: MODULE },
      to: {
        path: [
          '^apps/$1/src/modules/[^/]+/[^/]+\\.controller\\.ts$',
          '^apps/$1/src/modules/[^/]+/[^/]+/',
        ],
        pathNot: [
          '^apps/$1/src/modules/$2/',
          '^apps/$1/src/modules/[^/]+/dto/',
          '^apps/$1/src/modules/[^/]+/[^/]+/index\\.ts$',
          '\\.(module|service)\\.ts$',
        ],
      },
    },
    {
      name: 'training-foundation',
      comment:
        'The bottom of the training module graph: tenant-context imports no other module (it reads the caller with its own query) and profiles imports only tenant-context; club, content and admin modules build on them.',
      severity: 'error',
      from: { path: '^apps/training/src/modules/(tenant-context|profiles)/' },
      to: {
        path: '^apps/training/src/modules/',
        pathNot: ['^apps/training/src/modules/$1/', '^apps/training/src/modules/tenant-context/'],
      },
    },
    {
      name: 'no-app-imports-from-libs',
      comment: 'libs/* are shared by both services and know nothing of either.',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: ['^apps/', '^@sports/(health|training|workflow-editor)(/|$)'] },
    },
    {
      name: 'no-other-service',
      comment: 'A service never imports the other service: they share code only through libs/*.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'workflow-engine-framework-free',
      comment:
        'The workflow engine is plain TypeScript: no NestJS, TypeORM, Express or @sports/common, so that the editor and tests use it as is.',
      severity: 'error',
      from: { path: '^libs/workflow-engine/' },
      to: {
        path: [
          '(^|/)node_modules/(@nestjs/|typeorm/|express/|@sports/common/)',
          '^(@nestjs/|typeorm$|express$|@sports/common)',
          '^libs/common/',
          '^apps/',
        ],
      },
    },
    {
      name: 'no-unresolvable',
      comment:
        "Every relative import resolves (a rule cannot check what it cannot see); the clients' " +
        'schema.ts is generated from the committed openapi.json at build, after lint on a fresh clone.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^\\.', pathNot: '^\\./schema\\.js$' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        'node_modules',
        '(^|/)dist/',
        '\\.(e2e-)?spec\\.ts$',
        '\\.browser\\.e2e-spec\\.ts$',
        '/testing/',
        '-test-fixtures\\.ts$',
      ],
    },
  },
};
