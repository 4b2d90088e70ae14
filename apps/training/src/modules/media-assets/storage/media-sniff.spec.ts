import { sniffMediaType } from './media-sniff';

const b = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

describe('sniffMediaType', () => {
  it.each([
    ['JPEG', b([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image', 'image/jpeg', 'jpg'],
    [
      'PNG',
      b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'),
      'image',
      'image/png',
      'png',
    ],
    ['GIF', b('GIF89a', [1, 0]), 'image', 'image/gif', 'gif'],
    ['WebP', b('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image', 'image/webp', 'webp'],
    ['MP4', b([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0]), 'video', 'video/mp4', 'mp4'],
    ['MOV', b([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0]), 'video', 'video/quicktime', 'mov'],
    [
      'WebM',
      b([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'),
      'video',
      'video/webm',
      'webm',
    ],
    [
      'MKV',
      b([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska'),
      'video',
      'video/x-matroska',
      'mkv',
    ],
    ['PDF', b('%PDF-1.7\n'), 'document', 'application/pdf', 'pdf'],
    ['MP3 (ID3)', b('ID3', [4, 0, 0]), 'audio', 'audio/mpeg', 'mp3'],
    ['MP3 (frame)', b([0xff, 0xfb, 0x90, 0x64]), 'audio', 'audio/mpeg', 'mp3'],
    ['WAV', b('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio', 'audio/wav', 'wav'],
    ['OGG', b('OggS', [0, 2]), 'audio', 'audio/ogg', 'ogg'],
    [
      'ZIP',
      b([0x50, 0x4b, 0x03, 0x04], 'xxxxxxxxxxxxxxxxxxxxxxxxxxnotes.txt'),
      'archive',
      'application/zip',
      'zip',
    ],
    [
      'DOCX',
      b([0x50, 0x4b, 0x03, 0x04], 'x'.repeat(26), '[Content_Types].xml....word/document.xml'),
      'document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'docx',
    ],
    [
      'ODT',
      b(
        [0x50, 0x4b, 0x03, 0x04],
        'x'.repeat(26),
        'mimetypeapplication/vnd.oasis.opendocument.text',
      ),
      'document',
      'application/vnd.oasis.opendocument.text',
      'odt',
    ],
  ])('recognises %s', (_name, head, kind, mime, ext) => {
    expect(sniffMediaType(head)).toEqual({ media_kind: kind, mime_type: mime, extension: ext });
  });

  it('answers null for text, HTML, scripts and empty content', () => {
    expect(sniffMediaType(b('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffMediaType(b('#!/bin/sh\nrm -rf /'))).toBeNull();
    expect(sniffMediaType(Buffer.alloc(0))).toBeNull();
    expect(sniffMediaType(b('RIFF', [0, 0, 0, 0], 'XXXX'))).toBeNull();
  });
});
