// Shared Jest settings: SWC for speed (with decorator metadata for NestJS), and the
// workspace libraries mapped to their sources so tests never need a prior build.
const path = require('node:path');
const fs = require('node:fs');

const swc = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    keepClassNames: true,
  },
  module: { type: 'commonjs', ignoreDynamic: true },
  sourceMaps: 'inline',
};

// sanitize-html 2.18 requires htmlparser2 12 and its helpers, which ship as ES modules only:
// Node loads them through require(esm), Jest's module registry cannot, so SWC compiles them.
const ESM_ONLY = 'htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities';

/** `harnessDir`: folder holding global-setup.ts / global-teardown.ts (the database harness). */
function jestProjectConfig(dir, harnessDir = 'src/testing') {
  const setup = path.join(dir, harnessDir, 'global-setup.ts');
  const hasDb = fs.existsSync(setup);
  return {
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.e2e-spec.ts'],
    transform: { '^.+\\.(t|j)s$': ['@swc/jest', swc] },
    transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/(${ESM_ONLY})@|(${ESM_ONLY})/)`],
    moduleNameMapper: {
      '^@sports/common$': path.join(__dirname, 'libs/common/src/index.ts'),
      '^@sports/common/testing$': path.join(__dirname, 'libs/common/src/testing/index.ts'),
      '^@sports/workflow-engine$': path.join(__dirname, 'libs/workflow-engine/src/index.ts'),
    },
    globalSetup: hasDb ? setup : undefined,
    globalTeardown: hasDb ? path.join(dir, harnessDir, 'global-teardown.ts') : undefined,
    // Every response of a test app is checked against the OpenAPI contract (contract-validator).
    setupFilesAfterEnv: [path.join(__dirname, 'libs/common/src/testing/contract-jest-setup.ts')],
    testTimeout: 30000,
    maxWorkers: process.env.JEST_MAX_WORKERS || 2,
  };
}

module.exports = { jestProjectConfig };
