import { orientationOnlyTiff } from './exif-orientation';
import { MalformedImageError } from './image-metadata-error';

/** A box of ISO/IEC 14496-12: where its payload starts and where the box ends. */
interface Box {
  type: string;
  start: number;
  payload: number;
  end: number;
}

function* boxes(data: Buffer, from: number, to: number): Generator<Box> {
  let pos = from;
  while (pos + 8 <= to) {
    let size = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    let payload = pos + 8;
    if (size === 1) {
      if (pos + 16 > to) throw new MalformedImageError('HEIF', 'truncated box');
      size = Number(data.readBigUInt64BE(pos + 8));
      payload = pos + 16;
    } else if (size === 0) {
      size = to - pos;
    }
    if (size < payload - pos || pos + size > to) {
      throw new MalformedImageError('HEIF', `box ${type} beyond its parent`);
    }
    yield { type, start: pos, payload, end: pos + size };
    pos += size;
  }
}

const child = (data: Buffer, parent: Box, type: string, skip = 0): Box | undefined => {
  for (const b of boxes(data, parent.payload + skip, parent.end)) if (b.type === type) return b;
  return undefined;
};

/** Reads big-endian unsigned integers of 0, 2, 4 or 8 bytes. */
function uint(data: Buffer, at: number, bytes: number): number {
  if (bytes === 0) return 0;
  if (bytes === 2) return data.readUInt16BE(at);
  if (bytes === 4) return data.readUInt32BE(at);
  if (bytes === 8) return Number(data.readBigUInt64BE(at));
  throw new MalformedImageError('HEIF', `field of ${bytes} bytes`);
}

/** Ids of the metadata items (`Exif`, and `mime` items such as XMP) from `iinf`. */
function metadataItems(data: Buffer, iinf: Box): Map<number, 'Exif' | 'mime'> {
  const version = data[iinf.payload];
  const skip = 4 + (version === 0 ? 2 : 4);
  const items = new Map<number, 'Exif' | 'mime'>();
  for (const infe of boxes(data, iinf.payload + skip, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const v = data[infe.payload];
    if (v < 2) continue; // versions 0 and 1 carry no item type
    let at = infe.payload + 4;
    const id = v === 2 ? data.readUInt16BE(at) : data.readUInt32BE(at);
    at += (v === 2 ? 2 : 4) + 2;
    const type = data.toString('latin1', at, at + 4);
    if (type === 'Exif' || type === 'mime') items.set(id, type);
  }
  return items;
}

/** The byte ranges of each item from `iloc` (file offsets, or offsets into `idat`). */
function itemExtents(
  data: Buffer,
  iloc: Box,
  idat: Box | undefined,
): Map<number, { start: number; length: number }[]> {
  const version = data[iloc.payload];
  let at = iloc.payload + 4;
  const offsetSize = data[at] >> 4;
  const lengthSize = data[at] & 0x0f;
  const baseOffsetSize = data[at + 1] >> 4;
  const indexSize = version === 1 || version === 2 ? data[at + 1] & 0x0f : 0;
  at += 2;
  const count = version < 2 ? data.readUInt16BE(at) : data.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  const out = new Map<number, { start: number; length: number }[]>();
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? data.readUInt16BE(at) : data.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) {
      method = data.readUInt16BE(at) & 0x0f;
      at += 2;
    }
    at += 2; // data_reference_index
    const base = uint(data, at, baseOffsetSize);
    at += baseOffsetSize;
    const extentCount = data.readUInt16BE(at);
    at += 2;
    const extents: { start: number; length: number }[] = [];
    for (let e = 0; e < extentCount; e++) {
      at += indexSize;
      const offset = uint(data, at, offsetSize);
      at += offsetSize;
      const length = uint(data, at, lengthSize);
      at += lengthSize;
      if (method === 0) extents.push({ start: base + offset, length });
      else if (method === 1 && idat) extents.push({ start: idat.payload + base + offset, length });
    }
    out.set(id, extents);
  }
  return out;
}

/** An XMP packet that says nothing, padded with spaces as XMP allows. */
function emptyXmp(length: number): Buffer {
  const open =
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/>';
  const close = '<?xpacket end="w"?>';
  if (length < open.length + close.length) return Buffer.alloc(length, 0x20);
  return Buffer.from(open + ' '.repeat(length - open.length - close.length) + close, 'latin1');
}

/**
 * The HEIF/HEIC with its EXIF and XMP items blanked in place: the EXIF item becomes an empty
 * TIFF structure, XMP an empty packet, the rest zeros. Sizes and offsets stay as they were, so
 * the image data is untouched. The orientation of HEIF lives in its `irot`/`imir` properties
 * (readers ignore EXIF's), which are kept.
 */
export function stripHeifMetadata(data: Buffer): Buffer {
  const top = [...boxes(data, 0, data.length)];
  if (top[0]?.type !== 'ftyp') throw new MalformedImageError('HEIF', 'no ftyp box');
  const meta = top.find((b) => b.type === 'meta');
  if (!meta) throw new MalformedImageError('HEIF', 'no meta box');
  const full = { ...meta, payload: meta.payload + 4 }; // meta is a FullBox
  const iinf = child(data, full, 'iinf');
  const iloc = child(data, full, 'iloc');
  if (!iinf || !iloc) throw new MalformedImageError('HEIF', 'no iinf or iloc box');
  const items = metadataItems(data, iinf);
  const extents = itemExtents(data, iloc, child(data, full, 'idat'));
  const out = Buffer.from(data);
  for (const [id, type] of items) {
    const ranges = extents.get(id) ?? [];
    const total = ranges.reduce((n, r) => n + r.length, 0);
    const blank = Buffer.alloc(total);
    if (type === 'Exif' && total >= 4 + 18) orientationOnlyTiff(null).copy(blank, 4);
    if (type === 'mime') emptyXmp(total).copy(blank);
    let written = 0;
    for (const r of ranges) {
      if (r.start + r.length > out.length)
        throw new MalformedImageError('HEIF', 'item beyond the end');
      blank.copy(out, r.start, written, written + r.length);
      written += r.length;
    }
  }
  return out;
}
