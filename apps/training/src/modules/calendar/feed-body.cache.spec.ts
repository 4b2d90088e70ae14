import { FeedBodyCache } from './feed-body.cache';

describe('FeedBodyCache', () => {
  it('answers a body only for the ETag it was stored with', () => {
    const cache = new FeedBodyCache(100);
    cache.set('a', '"1"', 'BEGIN:VCALENDAR');
    expect(cache.get('a', '"1"')).toBe('BEGIN:VCALENDAR');
    expect(cache.get('a', '"2"')).toBeNull();
    cache.set('a', '"2"', 'NEWER');
    expect(cache.get('a', '"1"')).toBeNull();
    expect(cache.get('a', '"2"')).toBe('NEWER');
  });

  it('drops the least recently used feeds to stay within its size, and keeps nothing when 0', () => {
    const cache = new FeedBodyCache(10);
    cache.set('a', 'x', '12345');
    cache.set('b', 'x', '12345');
    expect(cache.get('a', 'x')).toBe('12345');
    cache.set('c', 'x', '12345');
    expect(cache.get('b', 'x')).toBeNull();
    expect(cache.get('a', 'x')).toBe('12345');
    expect(cache.get('c', 'x')).toBe('12345');
    const off = new FeedBodyCache(0);
    off.set('a', 'x', '1');
    expect(off.get('a', 'x')).toBeNull();
  });
});
