import { isStorageUnavailable, storageCall, StorageUnavailableError } from './storage-unavailable';

const err = (props: object): Error => Object.assign(new Error('x'), props);

describe('storage unavailability', () => {
  it.each([
    ['a full disk', err({ code: 'ENOSPC' })],
    ['a read-only file system', err({ code: 'EROFS' })],
    ['no access to the folder', err({ code: 'EACCES' })],
    ['an unreachable object store', err({ code: 'ECONNREFUSED' })],
    ['an object store answering 503', err({ $metadata: { httpStatusCode: 503 } })],
    ['an object store throttling', err({ $metadata: { httpStatusCode: 429 } })],
    ['a wrapped socket error', err({ cause: err({ code: 'ECONNRESET' }) })],
    ['an S3 request that got no answer', err({ $metadata: { attempts: 3 } })],
    [
      'a socket error the S3 client kept as text',
      new Error('AWS SDK error wrapper for Error: connect ECONNREFUSED 127.0.0.1:9000'),
    ],
  ])('takes %s for unavailable storage', (_name, e) => {
    expect(isStorageUnavailable(e)).toBe(true);
  });

  it.each([
    ['a missing file', err({ code: 'ENOENT' })],
    ['a missing object', err({ name: 'NotFound', $metadata: { httpStatusCode: 404 } })],
    ['a programming error', new TypeError('x is not a function')],
  ])('leaves %s as it is', (_name, e) => {
    expect(isStorageUnavailable(e)).toBe(false);
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After for an unavailable storage', async () => {
    const failed = storageCall(() => Promise.reject(err({ code: 'ENOSPC' })));
    await expect(failed).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(failed).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      headers: { 'Retry-After': '5' },
    });
  });
});
