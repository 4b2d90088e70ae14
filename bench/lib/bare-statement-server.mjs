// The floor of a route whose work is one prepared statement: a bare Node HTTP server (its own
// process, as the service is) that, per request, runs that statement over a pg Pool and answers
// the bytes the service answered for it. What it costs is the SQL plus the HTTP exchange of the
// same answer, without routing, auth, checks, mapping or serializing. Prints `ready` once it
// listens on $PORT.
// Usage: PORT=… DATABASE_URL=… REQUEST_FILE=<request.json> node bare-statement-server.mjs
//   request.json: { "statement": { "name", "text" }, "values": [...], "pool": n,
//                   "headers": { … }, "body": "…" }
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const { DATABASE_URL: connectionString, REQUEST_FILE: requestFile } = process.env;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const pg = require(path.join(ROOT, 'apps', 'training', 'node_modules', 'pg'));

const {
  statement,
  values,
  pool: max,
  headers,
  body,
} = JSON.parse(readFileSync(requestFile, 'utf8'));
const pool = new pg.Pool({ connectionString, max });
const query = { name: statement.name, text: statement.text, values };
const bytes = Buffer.from(body);

const server = http.createServer(async (_req, res) => {
  try {
    await pool.query(query);
    res.writeHead(200, headers).end(bytes);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
