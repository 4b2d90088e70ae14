// The floor of a list route: a bare Node HTTP server (its own process, as the service is) that,
// per request `GET /<name>`, runs that route's SQL over a pg Pool and answers the bytes the
// service answered for it. What it costs is the SQL plus the HTTP exchange of the same answer,
// without routing, auth, validation, mapping or serialization. Prints `ready` once it listens.
// Env: PORT, DATABASE_URL, BARE_ROUTES (a JSON file: name → { sql, params, body }).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { preparedQuery } from './prepared.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const pg = require(path.join(ROOT, 'apps', 'health', 'node_modules', 'pg'));

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const routes = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.BARE_ROUTES, 'utf8'))).map(
    ([name, { sql, params, body }]) => [`/${name}`, { sql, params, body: Buffer.from(body) }],
  ),
);

const server = http.createServer(async (req, res) => {
  const route = routes.get(req.url);
  if (!route) return res.writeHead(404).end();
  try {
    await preparedQuery(pool, route.sql, route.params);
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(route.body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
