import path from 'node:path';
import { relativeRootProblem } from '../../platform-media-storage/relative-root';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHA256 = /^[0-9a-f]{64}$/;
const EXTENSION = /^[a-z0-9]{1,10}$/;
const VISIBILITY = /^(private|club|official)$/;
/** One segment of a storage key. */
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Thrown when a path would leave the media root; never caused by valid data. */
export class UnsafeMediaPathError extends Error {
  constructor(detail: string) {
    super(`Unsafe media path: ${detail}`);
    this.name = 'UnsafeMediaPathError';
  }
}

/** Where an asset's file lives: visibility, the owning club or profile, and the content. */
export interface StorageKeyParts {
  relativeRoot: string;
  visibility: string;
  /** A club id, a profile id, or `platform` for official assets without a club. */
  scope: string;
  sha256: string;
  extension: string;
}

/**
 * The storage key (a `/`-separated path relative to MEDIA_ROOT) of the decisions.md layout:
 * `<relative root>/<visibility>/<club or profile>/<sha256[0..2]>/<sha256>.<ext>`.
 * Every part is checked against a strict pattern, so no input can add `..`, a separator or
 * an absolute prefix.
 */
export function storageKeyOf(p: StorageKeyParts): string {
  const rootProblem = relativeRootProblem(p.relativeRoot);
  if (rootProblem) throw new UnsafeMediaPathError(`relative root ${rootProblem}`);
  if (!VISIBILITY.test(p.visibility)) throw new UnsafeMediaPathError('visibility');
  if (!(UUID.test(p.scope) || p.scope === 'platform')) throw new UnsafeMediaPathError('scope');
  if (!SHA256.test(p.sha256)) throw new UnsafeMediaPathError('sha256');
  if (!EXTENSION.test(p.extension)) throw new UnsafeMediaPathError('extension');
  return [
    p.relativeRoot,
    p.visibility,
    p.scope.toLowerCase(),
    p.sha256.slice(0, 2),
    `${p.sha256}.${p.extension}`,
  ].join('/');
}

/**
 * Checks a stored key before it reaches the file system or a bucket: relative, `/`-separated
 * segments of [A-Za-z0-9._-], no `.`/`..` segments, no encoded characters, no NUL.
 */
export function assertSafeKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024)
    throw new UnsafeMediaPathError('empty or too long');
  if (key.includes('\0')) throw new UnsafeMediaPathError('NUL byte');
  if (/%[0-9a-f]{2}/i.test(key)) throw new UnsafeMediaPathError('encoded characters');
  if (key.includes('\\')) throw new UnsafeMediaPathError('backslash');
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) throw new UnsafeMediaPathError('absolute');
  const segments = key.split('/');
  for (const s of segments) {
    if (s === '' || s === '.' || s === '..') throw new UnsafeMediaPathError('dot or empty segment');
    if (!SEGMENT.test(s)) throw new UnsafeMediaPathError('segment characters');
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
    throw new UnsafeMediaPathError('outside the media root');
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
