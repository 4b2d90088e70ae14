// The floor of a chart route: a bare Node HTTP server (its own process, as the service is) that,
// per request `GET /<code>`, runs that chart's data-layer reads over a pg Pool and answers the
// bytes the service answered for it (read from a JSON file of code → body). What it costs is
// the SQL plus the HTTP exchange of the same answer, without routing, auth, access checks,
// computing the chart or serializing it. Prints its port on stdout.
// Usage: node bare-chart-server.mjs <database url> <user id> <from> <to> <bodies.json>
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chartSeries } from './chart-series.mjs';
import { preparedReads } from './prepared.mjs';

const [connectionString, userId, from, to, bodiesFile] = process.argv.slice(2);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const pg = require(path.join(ROOT, 'apps', 'health', 'node_modules', 'pg'));
const { DataLayerRepository } = require(
  path.join(ROOT, 'apps', 'health', 'dist', 'modules', 'data-layer', 'data-layer.repository.js'),
);

const pool = new pg.Pool({ connectionString, max: 20 });
const repo = new DataLayerRepository(preparedReads(pool));
const series = chartSeries(repo, userId, from, to);
const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(bodiesFile, 'utf8'))).map(([code, body]) => [
    code,
    Buffer.from(body),
  ]),
);

const server = http.createServer(async (req, res) => {
  const code = req.url.slice(1);
  const body = bodies.get(code);
  if (!body || !series[code]) return res.writeHead(404).end();
  try {
    await Promise.all(series[code]());
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
