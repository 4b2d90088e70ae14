import path from 'node:path';
import {
  assertSafeKey,
  cleanFileName,
  resolveInsideRoot,
  UnsafeStorageKeyError,
} from './storage-keys';

describe('storage keys', () => {
  it.each([
    '../etc/passwd',
    'media/../../etc/passwd',
    '/etc/passwd',
    'C:/windows',
    'media\\..\\x',
    'media/%2e%2e/x',
    'media/..%2Fx',
    'media/x\0.png',
    'media//x',
    'media/./x',
    '',
  ])('refuses the unsafe key %p', (key) => {
    expect(() => assertSafeKey(key)).toThrow(UnsafeStorageKeyError);
    expect(() => resolveInsideRoot('/srv/media', key)).toThrow(UnsafeStorageKeyError);
  });

  it('resolves a safe key inside the root', () => {
    expect(resolveInsideRoot('/srv/media', 'media/club/ab/file.png')).toBe(
      path.join('/srv/media', 'media', 'club', 'ab', 'file.png'),
    );
  });

  it('keeps only the last part of a client file name', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\x\\photo.jpg')).toBe('photo.jpg');
    expect(cleanFileName('..')).toBe('upload');
    expect(cleanFileName(undefined)).toBe('upload');
    expect(cleanFileName('a\u0000b\nc.png')).toBe('abc.png');
  });
});
