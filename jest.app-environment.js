// The Jest environment of the services' test files: Node's, plus the pool of shared test
// applications of this worker process (libs/common/src/testing/app-pool-host.ts). The pool is
// created once per process and outlives the test files; each file's handles are released when
// the file ends, whatever the file did.
const { TestEnvironment } = require('jest-environment-node');
const { installSourceHook } = require('./jest.source-hook');

const POOL = Symbol.for('sports.testAppPool');

function processPool() {
  if (!globalThis[POOL]) {
    installSourceHook();
    const { createAppPool } = require('./libs/common/src/testing/app-pool-host.ts');
    globalThis[POOL] = createAppPool();
  }
  return globalThis[POOL];
}

class AppEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.handles = [];
    // The project's default application, booted before an e2e file starts (outside the hook
    // timeouts), unless this worker has it already.
    const { warmApp } = config.projectConfig.testEnvironmentOptions;
    this.warmApp = warmApp && /\.e2e-spec\.ts$/.test(context.testPath) ? warmApp : undefined;
    this.global.__testAppPool = {
      acquire: async (request) => {
        const handle = await processPool().acquire(request);
        this.handles.push(handle);
        return handle;
      },
    };
    // Contract violations of a shared application land where the file's afterEach reads them.
    globalThis.__contractViolationStore ??= { list: [] };
    this.global.__contractViolationStore = globalThis.__contractViolationStore;
  }

  async setup() {
    await super.setup();
    if (this.warmApp) await processPool().warm({ ...this.warmApp, env: {} });
  }

  async teardown() {
    for (const handle of this.handles.splice(0)) await handle.release();
    await super.teardown();
  }
}

module.exports = AppEnvironment;
