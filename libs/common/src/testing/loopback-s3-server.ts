import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An object held by the loopback server. */
export interface LoopbackS3Object {
  body: Buffer;
  modifiedAt: Date;
}

export interface LoopbackS3Server {
  url: string;
  /** Objects by `<bucket>/<key>`; tests may change `modifiedAt` to age an object. */
  objects: Map<string, LoopbackS3Object>;
  /** `<METHOD> <bucket>/<key>` of every request, ` copy` appended to server-side copies. */
  calls: string[];
  close(): Promise<void>;
}

const xml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A minimal S3 REST server on loopback (path-style), standing in for an object store in tests:
 * PUT (and PUT with x-amz-copy-source), GET with Range, HEAD, DELETE and ListObjectsV2 (pages
 * of `pageSize` keys) of objects kept in memory.
 */
export function startLoopbackS3Server(
  options: { pageSize?: number } = {},
): Promise<LoopbackS3Server> {
  const pageSize = options.pageSize ?? 1000;
  const objects = new Map<string, LoopbackS3Object>();
  const calls: string[] = [];

  const list = (bucket: string, url: URL, res: http.ServerResponse): void => {
    const keys = [...objects.keys()]
      .filter((k) => k.startsWith(`${bucket}/`))
      .map((k) => k.slice(bucket.length + 1))
      .sort();
    const after = url.searchParams.get('continuation-token');
    const start = after ? keys.findIndex((k) => k > after) : 0;
    const page = start < 0 ? [] : keys.slice(start, start + pageSize);
    const truncated = start >= 0 && start + pageSize < keys.length;
    const contents = page
      .map((k) => {
        const o = objects.get(`${bucket}/${k}`) as LoopbackS3Object;
        return `<Contents><Key>${xml(k)}</Key><LastModified>${o.modifiedAt.toISOString()}</LastModified><ETag>"x"</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    res.writeHead(200, { 'Content-Type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xml(bucket)}</Name><Prefix></Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${xml(page[page.length - 1])}</NextContinuationToken>` : ''}</ListBucketResult>`,
    );
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = decodeURIComponent(url.pathname.slice(1)); // "<bucket>/<key>"
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls.push(`${req.method} ${key}${req.headers['x-amz-copy-source'] ? ' copy' : ''}`);
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        return list(key.replace(/\/$/, ''), url, res);
      }
      if (req.method === 'PUT') {
        const source = req.headers['x-amz-copy-source'] as string | undefined;
        if (source) {
          const from = objects.get(decodeURIComponent(source.replace(/^\//, '')));
          if (!from) return void res.writeHead(404).end();
          objects.set(key, { body: from.body, modifiedAt: new Date() });
          res.writeHead(200, { 'Content-Type': 'application/xml' });
          return void res.end('<CopyObjectResult><ETag>"x"</ETag></CopyObjectResult>');
        }
        objects.set(key, { body: Buffer.concat(chunks), modifiedAt: new Date() });
        return void res.writeHead(200, { ETag: '"x"' }).end();
      }
      const body = objects.get(key)?.body;
      if (req.method === 'DELETE') {
        objects.delete(key);
        return void res.writeHead(204).end();
      }
      if (!body) {
        res.writeHead(404, { 'Content-Type': 'application/xml' });
        return void res.end(
          req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>',
        );
      }
      if (req.method === 'HEAD') {
        return void res.writeHead(200, { 'Content-Length': body.length }).end();
      }
      const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (m) {
        const part = body.subarray(Number(m[1]), Number(m[2]) + 1);
        res.writeHead(206, {
          'Content-Length': part.length,
          'Content-Range': `bytes ${m[1]}-${m[2]}/${body.length}`,
        });
        return void res.end(part);
      }
      res.writeHead(200, { 'Content-Length': body.length });
      res.end(body);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        objects,
        calls,
        close: () => new Promise((r) => server.close(() => r())),
      });
    }),
  );
}
