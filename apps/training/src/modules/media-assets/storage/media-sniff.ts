/** Kinds of media the library holds. */
export const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'archive'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** What the content says it is (never the client's claim). */
export interface SniffedType {
  media_kind: MediaKind;
  mime_type: string;
  /** File extension used for storage (lower case, no dot). */
  extension: string;
}

/** Bytes of the head the detection needs (ZIP entry names may come a little later). */
export const SNIFF_HEAD_BYTES = 4096;

const ascii = (buf: Buffer, start: number, end: number): string =>
  buf.subarray(start, Math.min(end, buf.length)).toString('latin1');

const startsWith = (buf: Buffer, bytes: number[], offset = 0): boolean =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

const type = (media_kind: MediaKind, mime_type: string, extension: string): SniffedType => ({
  media_kind,
  mime_type,
  extension,
});

/** ISO base media (MP4, MOV, M4A, 3GP): `ftyp` at offset 4 and the major brand after it. */
function isoMedia(head: Buffer): SniffedType | null {
  if (ascii(head, 4, 8) !== 'ftyp') return null;
  const brand = ascii(head, 8, 12);
  if (brand === 'qt  ') return type('video', 'video/quicktime', 'mov');
  if (brand === 'M4A ' || brand === 'M4B ') return type('audio', 'audio/mp4', 'm4a');
  if (brand.startsWith('3g')) return type('video', 'video/3gpp', '3gp');
  if (brand === 'avif' || brand === 'avis') return type('image', 'image/avif', 'avif');
  if (brand === 'heic' || brand === 'heix' || brand === 'mif1')
    return type('image', 'image/heic', 'heic');
  return type('video', 'video/mp4', 'mp4');
}

/** ZIP containers: office documents by their entries, everything else an archive. */
function zipBased(head: Buffer): SniffedType {
  const text = ascii(head, 0, head.length);
  if (text.startsWith('mimetype', 30)) {
    if (text.includes('application/vnd.oasis.opendocument.text'))
      return type('document', 'application/vnd.oasis.opendocument.text', 'odt');
    if (text.includes('application/vnd.oasis.opendocument.spreadsheet'))
      return type('document', 'application/vnd.oasis.opendocument.spreadsheet', 'ods');
    if (text.includes('application/vnd.oasis.opendocument.presentation'))
      return type('document', 'application/vnd.oasis.opendocument.presentation', 'odp');
    if (text.includes('application/epub+zip'))
      return type('document', 'application/epub+zip', 'epub');
  }
  if (text.includes('word/'))
    return type(
      'document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'docx',
    );
  if (text.includes('xl/'))
    return type(
      'document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'xlsx',
    );
  if (text.includes('ppt/'))
    return type(
      'document',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'pptx',
    );
  return type('archive', 'application/zip', 'zip');
}

/**
 * Detects the type of a file from its first bytes (magic numbers): JPEG, PNG, GIF, WebP, BMP,
 * MP4/MOV (ftyp), WebM/MKV (EBML), PDF, MP3, WAV, OGG, FLAC, ZIP-based formats, gzip, 7z, RAR.
 * Returns null for anything else (the upload is then refused).
 */
export function sniffMediaType(head: Buffer): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return type('image', 'image/jpeg', 'jpg');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return type('image', 'image/png', 'png');
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')
    return type('image', 'image/gif', 'gif');
  if (ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'WEBP') return type('image', 'image/webp', 'webp');
    if (form === 'WAVE') return type('audio', 'audio/wav', 'wav');
    if (form === 'AVI ') return type('video', 'video/x-msvideo', 'avi');
    return null;
  }
  if (ascii(head, 0, 2) === 'BM' && head.length >= 26) return type('image', 'image/bmp', 'bmp');
  const iso = isoMedia(head);
  if (iso) return iso;
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    return ascii(head, 0, 64).includes('webm')
      ? type('video', 'video/webm', 'webm')
      : type('video', 'video/x-matroska', 'mkv');
  }
  if (ascii(head, 0, 5) === '%PDF-') return type('document', 'application/pdf', 'pdf');
  if (ascii(head, 0, 3) === 'ID3') return type('audio', 'audio/mpeg', 'mp3');
  if (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) !== 0)
    return type('audio', 'audio/mpeg', 'mp3');
  if (ascii(head, 0, 4) === 'OggS') return type('audio', 'audio/ogg', 'ogg');
  if (ascii(head, 0, 4) === 'fLaC') return type('audio', 'audio/flac', 'flac');
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]))
    return zipBased(head);
  if (startsWith(head, [0x1f, 0x8b])) return type('archive', 'application/gzip', 'gz');
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]))
    return type('archive', 'application/x-7z-compressed', '7z');
  if (ascii(head, 0, 4) === 'Rar!') return type('archive', 'application/vnd.rar', 'rar');
  return null;
}

/** Every content type the sniffer answers (the file routes' OpenAPI content types). */
export const MEDIA_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/bmp',
  'image/heic',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/x-matroska',
  'video/x-msvideo',
  'video/3gpp',
  'audio/mpeg',
  'audio/mp4',
  'audio/ogg',
  'audio/wav',
  'audio/flac',
  'application/pdf',
  'application/epub+zip',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/zip',
  'application/gzip',
  'application/vnd.rar',
  'application/x-7z-compressed',
] as const;
