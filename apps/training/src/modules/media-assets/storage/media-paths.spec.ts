import { UnsafeStorageKeyError } from '@sports/common';
import { storageKeyOf } from './media-paths';

const SHA = 'ab'.repeat(32);
const CLUB = '11111111-2222-3333-4444-555555555555';

describe('media paths', () => {
  it('builds the layout <root>/<visibility>/<club or profile>/<sha[0..2]>/<sha>.<ext>', () => {
    expect(
      storageKeyOf({
        relativeRoot: 'media',
        visibility: 'club',
        scope: CLUB,
        sha256: SHA,
        extension: 'png',
      }),
    ).toBe(`media/club/${CLUB}/ab/${SHA}.png`);
    expect(
      storageKeyOf({
        relativeRoot: 'a/b',
        visibility: 'official',
        scope: 'platform',
        sha256: SHA,
        extension: 'pdf',
      }),
    ).toBe(`a/b/official/platform/ab/${SHA}.pdf`);
  });

  it.each([
    ['relative root with ..', { relativeRoot: '../x' }],
    ['absolute relative root', { relativeRoot: '/etc' }],
    ['encoded relative root', { relativeRoot: '..%2fx' }],
    ['scope with ..', { scope: '..' }],
    ['scope with a separator', { scope: `${CLUB}/..` }],
    ['visibility outside the enum', { visibility: '../club' }],
    ['extension with a separator', { extension: 'png/../../x' }],
    ['sha256 not hex', { sha256: '../'.repeat(21) + 'x' }],
  ])('refuses a key part: %s', (_name, override) => {
    expect(() =>
      storageKeyOf({
        relativeRoot: 'media',
        visibility: 'club',
        scope: CLUB,
        sha256: SHA,
        extension: 'png',
        ...override,
      }),
    ).toThrow(UnsafeStorageKeyError);
  });
});
