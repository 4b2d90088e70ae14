import { sniffImage } from './photo-sniffer';

const bytes = (...parts: (number[] | string)[]): Buffer =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

describe('sniffImage', () => {
  it('recognises JPEG, PNG, WebP, HEIC and HEIF by their magic bytes', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))?.mimeType).toBe('image/jpeg');
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))?.extension).toBe('png');
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.mimeType).toBe('image/webp');
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypheic'))?.mimeType).toBe('image/heic');
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypmif1'))?.mimeType).toBe('image/heif');
  });

  it('refuses text, truncated headers, RIFF that is not WebP and other ISO-BMFF brands', () => {
    expect(sniffImage(Buffer.from('hello, I am not a JPEG'))).toBeNull();
    expect(sniffImage(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypisom'))).toBeNull();
  });
});
