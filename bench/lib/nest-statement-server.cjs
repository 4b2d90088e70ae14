// The framework floor of a route whose work is one prepared statement: a minimal NestJS 11 +
// Express 5 application (one controller, the framework's defaults, as lib/minimal-nest-app.cjs)
// that per request runs that statement over a pg Pool and answers the service's answer as JSON
// (the parsed body, serialized by the framework) with the service's other headers. What it
// costs is the SQL plus what the fixed stack costs per request: Nest's routing and handler call,
// Express's response (JSON, ETag) and the HTTP exchange, without auth, checks, mapping or our
// middleware. Prints `ready` once it listens on $PORT.
// Usage: PORT=… DATABASE_URL=… ROUTE=/api/… REQUEST_FILE=<request.json> node nest-statement-server.cjs
//   request.json: as for bare-statement-server.mjs.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

const ROOT = path.join(__dirname, '..', '..');
const fromCommon = createRequire(path.join(ROOT, 'libs', 'common', 'package.json'));
fromCommon('reflect-metadata');
const { Controller, Get, Module, Res } = fromCommon('@nestjs/common');
const { NestFactory } = fromCommon('@nestjs/core');
const pg = require(path.join(ROOT, 'apps', 'training', 'node_modules', 'pg'));

const { DATABASE_URL: connectionString, REQUEST_FILE: requestFile, ROUTE: route } = process.env;
const {
  statement,
  values,
  pool: max,
  headers,
  body,
} = JSON.parse(readFileSync(requestFile, 'utf8'));
const pool = new pg.Pool({ connectionString, max });
const query = { name: statement.name, text: statement.text, values };
const answer = JSON.parse(body);
// Express sets these itself from the answer.
const OWN = new Set(['content-type', 'etag']);
const fixedHeaders = Object.entries(headers).filter(([name]) => !OWN.has(name));

class StatementController {
  async answer(res) {
    for (const [name, value] of fixedHeaders) res.setHeader(name, value);
    await pool.query(query);
    return answer;
  }
}
Controller()(StatementController);
Res({ passthrough: true })(StatementController.prototype, 'answer', 0);
const descriptor = Object.getOwnPropertyDescriptor(StatementController.prototype, 'answer');
Get(route)(StatementController.prototype, 'answer', descriptor);

class StatementModule {}
Module({ controllers: [StatementController] })(StatementModule);

process.on('SIGTERM', () => process.exit(0));

(async () => {
  const app = await NestFactory.create(StatementModule, { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.stdout.write('ready\n');
})();
