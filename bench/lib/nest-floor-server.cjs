// The framework floor of a route whose work is one SQL statement: a minimal NestJS 11 + Express 5
// application (one controller, the framework's defaults, as lib/minimal-nest-app.cjs) that per
// request `GET /<name>` runs that route's statement (as the named prepared statement the service
// uses, lib/prepared.mjs) over a pg Pool and answers the service's answer as JSON (the parsed
// body, serialized by the framework) with the service's other headers. What it costs is the SQL
// plus what the fixed stack costs per request (Nest's routing and handler call, Express's JSON
// response and ETag, the HTTP exchange) without auth, checks, mapping or middleware of ours.
// Prints `ready` once it listens on $PORT.
// Env: PORT, DATABASE_URL, POOL (default 20), BARE_ROUTES (a JSON file:
//   name → { sql, params, body, headers? }, as for bare-list-server.mjs).
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

const ROOT = path.join(__dirname, '..', '..');
const fromCommon = createRequire(path.join(ROOT, 'libs', 'common', 'package.json'));
fromCommon('reflect-metadata');
const { Controller, Get, Module, NotFoundException, Param, Res } = fromCommon('@nestjs/common');
const { NestFactory } = fromCommon('@nestjs/core');
const { preparedStatementName } = require(
  path.join(ROOT, 'libs', 'common', 'dist', 'database', 'prepared-reads.js'),
);
const pg = require(path.join(ROOT, 'apps', 'health', 'node_modules', 'pg'));

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL ?? 20),
});
// Express sets these itself from the answer.
const OWN = new Set(['content-type', 'etag']);
const routes = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.BARE_ROUTES, 'utf8'))).map(
    ([name, { sql, params, body, headers = {} }]) => [
      name,
      {
        query: { name: preparedStatementName(sql), text: sql, values: params },
        answer: JSON.parse(body),
        headers: Object.entries(headers).filter(([header]) => !OWN.has(header)),
      },
    ],
  ),
);

class FloorController {
  async answer(name, res) {
    const route = routes.get(name);
    if (!route) throw new NotFoundException();
    for (const [header, value] of route.headers) res.setHeader(header, value);
    await pool.query(route.query);
    return route.answer;
  }
}
Controller()(FloorController);
Param('name')(FloorController.prototype, 'answer', 0);
Res({ passthrough: true })(FloorController.prototype, 'answer', 1);
const descriptor = Object.getOwnPropertyDescriptor(FloorController.prototype, 'answer');
Get(':name')(FloorController.prototype, 'answer', descriptor);

class FloorModule {}
Module({ controllers: [FloorController] })(FloorModule);

process.on('SIGTERM', () => process.exit(0));

(async () => {
  const app = await NestFactory.create(FloorModule, { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.stdout.write('ready\n');
})();
