// Baseline for the upload benchmark: a bare Node HTTP server that stores each request body as
// it arrives (no multipart parsing, no hash, no database) and flushes it to the disk before it
// answers, as the service does. Prints its port on stdout. Usage: node bare-upload-server.mjs <dir>
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.argv[2];
let n = 0;
const server = http.createServer(async (req, res) => {
  const file = path.join(dir, `bare-${process.pid}-${(n += 1)}.bin`);
  try {
    await pipeline(req, createWriteStream(file, { flags: 'wx', highWaterMark: 4 * 1024 * 1024 }));
    const handle = await open(file, 'r+');
    await handle.datasync();
    await handle.close();
    res.writeHead(201).end();
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
