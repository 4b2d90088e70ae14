import { UnsafeStorageKeyError } from '@sports/common';
import { relativeRootProblem } from '../../platform-media-storage/relative-root';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHA256 = /^[0-9a-f]{64}$/;
const EXTENSION = /^[a-z0-9]{1,10}$/;
const VISIBILITY = /^(private|club|official)$/;

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
 * The storage key (a `/`-separated path relative to MEDIA_ROOT) of the layout in ../shared/spec/decisions.md:
 * `<relative root>/<visibility>/<club or profile>/<sha256[0..2]>/<sha256>.<ext>`.
 * Every part is checked against a strict pattern, so no input can add `..`, a separator or
 * an absolute prefix.
 */
export function storageKeyOf(p: StorageKeyParts): string {
  const rootProblem = relativeRootProblem(p.relativeRoot);
  if (rootProblem) throw new UnsafeStorageKeyError(`relative root ${rootProblem}`);
  if (!VISIBILITY.test(p.visibility)) throw new UnsafeStorageKeyError('visibility');
  if (!(UUID.test(p.scope) || p.scope === 'platform')) throw new UnsafeStorageKeyError('scope');
  if (!SHA256.test(p.sha256)) throw new UnsafeStorageKeyError('sha256');
  if (!EXTENSION.test(p.extension)) throw new UnsafeStorageKeyError('extension');
  return [
    p.relativeRoot,
    p.visibility,
    p.scope.toLowerCase(),
    p.sha256.slice(0, 2),
    `${p.sha256}.${p.extension}`,
  ].join('/');
}
