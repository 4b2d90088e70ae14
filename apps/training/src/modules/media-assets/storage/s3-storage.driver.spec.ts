import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { S3StorageDriver } from './s3-storage.driver';
import { UnsafeMediaPathError } from './media-paths';

/**
 * A minimal S3 REST server on loopback (path-style): PUT (and PUT with x-amz-copy-source),
 * GET with Range, HEAD and DELETE of objects in memory.
 */
function fakeS3(): Promise<{
  url: string;
  objects: Map<string, Buffer>;
  calls: string[];
  close: () => Promise<void>;
}> {
  const objects = new Map<string, Buffer>();
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = decodeURIComponent(url.pathname.slice(1)); // "<bucket>/<key>"
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls.push(`${req.method} ${key}${req.headers['x-amz-copy-source'] ? ' copy' : ''}`);
      if (req.method === 'PUT') {
        const source = req.headers['x-amz-copy-source'] as string | undefined;
        if (source) {
          const from = objects.get(decodeURIComponent(source.replace(/^\//, '')));
          if (!from) return void res.writeHead(404).end();
          objects.set(key, from);
          res.writeHead(200, { 'Content-Type': 'application/xml' });
          return void res.end('<CopyObjectResult><ETag>"x"</ETag></CopyObjectResult>');
        }
        objects.set(key, Buffer.concat(chunks));
        return void res.writeHead(200, { ETag: '"x"' }).end();
      }
      const body = objects.get(key);
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

const read = async (s: NodeJS.ReadableStream): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
};

describe('S3StorageDriver against a loopback S3 server', () => {
  let s3: Awaited<ReturnType<typeof fakeS3>>;
  let driver: S3StorageDriver;

  beforeAll(async () => {
    s3 = await fakeS3();
    driver = new S3StorageDriver({
      endpoint: s3.url,
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test-secret',
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    driver.client.destroy();
    await s3.close();
  });

  it('puts a staged file, reads it whole and by range, moves and deletes it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 's3-stage-'));
    const staging = path.join(dir, 'a.part');
    const content = Buffer.from('0123456789abcdef');
    writeFileSync(staging, content);
    await driver.putFromFile(staging, 'media/private/p/ab/file.png', 'image/png');
    expect(existsSync(staging)).toBe(false);
    expect(s3.objects.get('media/media/private/p/ab/file.png')).toEqual(content);
    expect(await driver.stat('media/private/p/ab/file.png')).toEqual({ size: 16 });
    expect(await read(await driver.read('media/private/p/ab/file.png'))).toEqual(content);
    expect(
      await read(await driver.read('media/private/p/ab/file.png', { start: 2, end: 5 })),
    ).toEqual(Buffer.from('2345'));
    await driver.move('media/private/p/ab/file.png', 'media/club/c/ab/file.png');
    expect(s3.objects.has('media/media/private/p/ab/file.png')).toBe(false);
    expect(s3.objects.get('media/media/club/c/ab/file.png')).toEqual(content);
    await driver.delete('media/club/c/ab/file.png');
    expect(await driver.stat('media/club/c/ab/file.png')).toBeNull();
    expect(s3.calls).toContain('PUT media/media/club/c/ab/file.png copy');
  });

  it('refuses unsafe keys before any request', async () => {
    const before = s3.calls.length;
    await expect(driver.read('../other-bucket/x')).rejects.toThrow(UnsafeMediaPathError);
    await expect(driver.delete('media/%2e%2e/x')).rejects.toThrow(UnsafeMediaPathError);
    await expect(driver.move('media/a', '/abs')).rejects.toThrow(UnsafeMediaPathError);
    expect(s3.calls.length).toBe(before);
  });
});
