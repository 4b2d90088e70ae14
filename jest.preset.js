// Shared Jest settings: SWC for speed (with decorator metadata for NestJS), and the
// workspace libraries mapped to their sources so tests never need a prior build.
const path = require('node:path');
const fs = require('node:fs');

const {
  SWC_OPTIONS: swc,
  WORKSPACE_SOURCES,
  installWorkspaceResolver,
} = require('./jest.source-hook');

installWorkspaceResolver();

// sanitize-html 2.18 requires htmlparser2 12 and its helpers, which ship as ES modules only:
// Node loads them through require(esm), Jest's module registry cannot, so SWC compiles them.
const ESM_ONLY = 'htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities';

/**
 * `harnessDir`: folder holding global-setup.ts / global-teardown.ts (the database harness).
 * `warmApp`: the service's default test application (`{ file, name }` of its factory), booted
 * by the environment before each worker's first e2e file (docs/testing.md).
 */
function jestProjectConfig(dir, harnessDir = 'src/testing', { warmApp } = {}) {
  const setup = path.join(dir, harnessDir, 'global-setup.ts');
  const hasDb = fs.existsSync(setup);
  return {
    rootDir: dir,
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.e2e-spec.ts'],
    transform: { '^.+\\.(t|j)s$': ['@swc/jest', swc] },
    transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/(${ESM_ONLY})@|(${ESM_ONLY})/)`],
    moduleNameMapper: Object.fromEntries(
      Object.entries(WORKSPACE_SOURCES).map(([name, file]) => [`^${name}$`, file]),
    ),
    // One application per configuration per worker, shared by the files (jest.app-environment.js).
    testEnvironment: path.join(__dirname, 'jest.app-environment.js'),
    testEnvironmentOptions: { warmApp },
    globalSetup: hasDb ? setup : undefined,
    globalTeardown: hasDb ? path.join(dir, harnessDir, 'global-teardown.ts') : undefined,
    // Every response of a test app is checked against the OpenAPI contract (contract-validator).
    setupFilesAfterEnv: [path.join(__dirname, 'libs/common/src/testing/contract-jest-setup.ts')],
    // The budget of a test and of a hook: one application boot on a loaded machine fits in it.
    testTimeout: Number(process.env.TEST_TIMEOUT_MS || 120000),
    maxWorkers: process.env.JEST_MAX_WORKERS || 2,
  };
}

module.exports = { jestProjectConfig };
