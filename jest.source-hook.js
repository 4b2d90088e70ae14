// Loads the workspace's TypeScript sources in plain Node (outside Jest's module registry), the
// way Jest's transform does inside it: SWC with decorator metadata, and the workspace libraries
// mapped to their sources. The shared test applications of jest.app-environment.js are booted
// through it, once per worker process.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { addHook } = require('pirates');
const swc = require('@swc/core');

const SWC_OPTIONS = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    keepClassNames: true,
  },
  module: { type: 'commonjs', ignoreDynamic: true },
  sourceMaps: 'inline',
};

const WORKSPACE_SOURCES = {
  '@sports/common': path.join(__dirname, 'libs/common/src/index.ts'),
  '@sports/common/testing': path.join(__dirname, 'libs/common/src/testing/index.ts'),
  '@sports/common/testing/fuzz': path.join(__dirname, 'libs/common/src/testing/fuzz/index.ts'),
  '@sports/workflow-engine': path.join(__dirname, 'libs/workflow-engine/src/index.ts'),
};

const RESOLVER = Symbol.for('sports.workspaceResolver');
const HOOK = Symbol.for('sports.sourceHook');

/**
 * `@sports/common` and `@sports/workflow-engine` resolve to their sources, not their build.
 * Installed by jest.preset.js in Jest's main process before the global setup loads, since Node
 * remembers how a folder resolved a name: a global setup that found the build would hand it
 * to a shared application booted in the same process (an in-band run).
 */
function installWorkspaceResolver() {
  if (globalThis[RESOLVER]) return;
  globalThis[RESOLVER] = true;
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function resolveWorkspaceSource(request, ...rest) {
    return resolve.call(this, WORKSPACE_SOURCES[request] ?? request, ...rest);
  };
}

// Compiled sources are kept between runs, keyed by the source, its path and the compiler.
const CACHE_DIR = path.join(__dirname, 'node_modules/.cache/sports-test-sources');
const CACHE_SALT = JSON.stringify([swc.version, SWC_OPTIONS]);

function compileCached(code, filename) {
  const key = createHash('sha1').update(CACHE_SALT).update(filename).update(code).digest('hex');
  const cached = path.join(CACHE_DIR, `${key}.js`);
  try {
    return fs.readFileSync(cached, 'utf8');
  } catch {
    const compiled = swc.transformSync(code, { ...SWC_OPTIONS, filename }).code;
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    // Written under a temporary name and renamed, so a parallel worker never reads half a file.
    const temporary = `${cached}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, compiled);
    fs.renameSync(temporary, cached);
    return compiled;
  }
}

function installSourceHook() {
  installWorkspaceResolver();
  if (globalThis[HOOK]) return;
  globalThis[HOOK] = true;
  addHook(compileCached, {
    exts: ['.ts'],
    ignoreNodeModules: true,
  });
  // process.setSourceMapsEnabled(true);
}

module.exports = { installSourceHook, installWorkspaceResolver, SWC_OPTIONS, WORKSPACE_SOURCES };
