import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type LoopbackS3Server, startLoopbackS3Server } from '../testing/loopback-s3-server';
import { S3StorageDriver } from './s3-storage.driver';
import { UnsafeStorageKeyError } from './storage-keys';
import { StorageUnavailableError } from './storage-unavailable';

const read = async (s: NodeJS.ReadableStream): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
};

describe('S3StorageDriver against a loopback S3 server', () => {
  let s3: LoopbackS3Server;
  let driver: S3StorageDriver;

  beforeAll(async () => {
    s3 = await startLoopbackS3Server({ pageSize: 2 });
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
    expect(s3.objects.get('media/media/private/p/ab/file.png')?.body).toEqual(content);
    expect(await driver.stat('media/private/p/ab/file.png')).toEqual({ size: 16 });
    expect(await read(await driver.read('media/private/p/ab/file.png'))).toEqual(content);
    expect(
      await read(await driver.read('media/private/p/ab/file.png', { start: 2, end: 5 })),
    ).toEqual(Buffer.from('2345'));
    await driver.move('media/private/p/ab/file.png', 'media/club/c/ab/file.png');
    expect(s3.objects.has('media/media/private/p/ab/file.png')).toBe(false);
    expect(s3.objects.get('media/media/club/c/ab/file.png')?.body).toEqual(content);
    await driver.delete('media/club/c/ab/file.png');
    expect(await driver.stat('media/club/c/ab/file.png')).toBeNull();
    expect(s3.calls).toContain('PUT media/media/club/c/ab/file.png copy');
  });

  it('lists every object of the bucket across pages with its last modification', async () => {
    const old = new Date('2020-01-01T00:00:00Z');
    for (const k of ['a/1.png', 'a/2.png', 'b/3.png', 'c/4.png', 'c/5.png']) {
      s3.objects.set(`media/${k}`, { body: Buffer.from(k), modifiedAt: old });
    }
    s3.objects.set('other-bucket/x.png', { body: Buffer.from('x'), modifiedAt: old });
    const listed = [];
    for await (const o of driver.list()) listed.push(o);
    expect(listed).toEqual(
      ['a/1.png', 'a/2.png', 'b/3.png', 'c/4.png', 'c/5.png'].map((key) => ({
        key,
        modifiedAt: old,
      })),
    );
  });

  it('refuses unsafe keys before any request', async () => {
    const before = s3.calls.length;
    await expect(driver.read('../other-bucket/x')).rejects.toThrow(UnsafeStorageKeyError);
    await expect(driver.delete('media/%2e%2e/x')).rejects.toThrow(UnsafeStorageKeyError);
    await expect(driver.move('media/a', '/abs')).rejects.toThrow(UnsafeStorageKeyError);
    expect(s3.calls.length).toBe(before);
  });

  it('answers StorageUnavailableError (503) when the object store cannot be reached', async () => {
    const gone = await startLoopbackS3Server();
    await gone.close();
    const unreachable = new S3StorageDriver({
      endpoint: gone.url,
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test-secret',
      forcePathStyle: true,
    });
    try {
      await expect(unreachable.stat('media/a.png')).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(unreachable.delete('media/a.png')).rejects.toMatchObject({ status: 503 });
    } finally {
      unreachable.client.destroy();
    }
  });
});
