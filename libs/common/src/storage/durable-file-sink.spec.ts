import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { durableFileSink } from './durable-file-sink';

const closed = (stream: Writable): Promise<void> =>
  stream.closed ? Promise.resolve() : new Promise((resolve) => stream.once('close', resolve));

describe('durableFileSink', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'durable-sink-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Chunks of uneven sizes, as a socket delivers them. */
  const chunksOf = (data: Buffer): Buffer[] => {
    const out: Buffer[] = [];
    for (let at = 0, i = 0; at < data.length; i += 1) {
      const size = [1, 7_000, 65_536, 300, 200_000][i % 5];
      out.push(data.subarray(at, at + size));
      at += size;
    }
    return out;
  };

  it('writes every byte in order while flushing in the background between writes', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const file = path.join(dir, 'a.bin');
    // A tiny buffer and flush interval: many batched writes with flushes interleaved.
    await pipeline(
      Readable.from(chunksOf(data)),
      durableFileSink(file, { bufferBytes: 100_000, flushEveryBytes: 250_000 }),
    );
    expect(readFileSync(file).equals(data)).toBe(true);
  });

  it('writes an empty stream as an empty file', async () => {
    const file = path.join(dir, 'empty.bin');
    await pipeline(Readable.from([]), durableFileSink(file));
    expect(readFileSync(file).length).toBe(0);
  });

  it('refuses to overwrite an existing file and leaves it untouched', async () => {
    const file = path.join(dir, 'taken.bin');
    writeFileSync(file, 'keep');
    await expect(
      pipeline(Readable.from([Buffer.from('new')]), durableFileSink(file)),
    ).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(file, 'utf8')).toBe('keep');
  });

  it('fails when the source fails, without hanging', async () => {
    const file = path.join(dir, 'broken.bin');
    const source = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('connection reset'));
      },
    });
    const sink = durableFileSink(file);
    await expect(pipeline(source, sink)).rejects.toThrow('connection reset');
    await closed(sink);
    expect(existsSync(file)).toBe(false);
  });

  it('removes its file when destroyed while the file is still being opened', async () => {
    const file = path.join(dir, 'early.bin');
    const sink = durableFileSink(file);
    const errors: Error[] = [];
    sink.on('error', (err) => errors.push(err));
    sink.destroy(new Error('too large'));
    await closed(sink);
    expect(existsSync(file)).toBe(false);
    expect(errors.map((e) => e.message)).toEqual(['too large']);
  });
});
