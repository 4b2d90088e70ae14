import path from 'node:path';

/** One segment of a storage key. */
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Thrown when a key would leave the storage root; never caused by valid data. */
export class UnsafeStorageKeyError extends Error {
  constructor(detail: string) {
    super(`Unsafe storage key: ${detail}`);
    this.name = 'UnsafeStorageKeyError';
  }
}

/**
 * Checks a stored key before it reaches the file system or a bucket: relative, `/`-separated
 * segments of [A-Za-z0-9._-], no `.`/`..` segments, no encoded characters, no NUL.
 */
export function assertSafeKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024)
    throw new UnsafeStorageKeyError('empty or too long');
  if (key.includes('\0')) throw new UnsafeStorageKeyError('NUL byte');
  if (/%[0-9a-f]{2}/i.test(key)) throw new UnsafeStorageKeyError('encoded characters');
  if (key.includes('\\')) throw new UnsafeStorageKeyError('backslash');
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) throw new UnsafeStorageKeyError('absolute');
  for (const s of key.split('/')) {
    if (s === '' || s === '.' || s === '..')
      throw new UnsafeStorageKeyError('dot or empty segment');
    if (!SEGMENT.test(s)) throw new UnsafeStorageKeyError('segment characters');
  }
  return key;
}

/** The absolute path of `key` below `root`, after checking that it stays inside `root`. */
export function resolveInsideRoot(root: string, key: string): string {
  assertSafeKey(key);
  const base = path.resolve(root);
  const full = path.resolve(base, ...key.split('/'));
  const rel = path.relative(base, full);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel))
    throw new UnsafeStorageKeyError('outside the storage root');
  return full;
}

const isControl = (ch: string): boolean => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f;

/** A display file name without path parts or control characters (never used in a path). */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').replace(/\\/g, '/').split('/').pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => !isControl(ch))
    .join('')
    .trim()
    .slice(0, 255);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'upload' : cleaned;
}
