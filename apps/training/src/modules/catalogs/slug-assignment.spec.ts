import { slugify } from './catalog-definitions';
import { MAX_SLUG_LENGTH, numberedSlug } from './slug-assignment';

describe('numbered slugs', () => {
  it('append the number to a short base', () => {
    expect(numberedSlug('koordination', 2)).toBe('koordination-2');
  });

  it('stay within the slug length when the base is already at the limit', () => {
    const base = slugify('y'.repeat(300));
    expect(base).toHaveLength(MAX_SLUG_LENGTH);
    const slug = numberedSlug(base, 12);
    expect(slug).toHaveLength(MAX_SLUG_LENGTH);
    expect(slug.endsWith('-12')).toBe(true);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('never leave a double hyphen where the base was cut', () => {
    const base = `${'a'.repeat(97)}-bc`;
    expect(numberedSlug(base, 2)).toBe(`${'a'.repeat(97)}-2`);
  });
});
