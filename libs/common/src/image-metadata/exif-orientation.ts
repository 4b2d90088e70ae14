/** EXIF/TIFF tag of the orientation (TIFF 6.0, tag 274), a SHORT of 1–8. */
const ORIENTATION_TAG = 0x0112;
const SHORT = 3;

/**
 * The orientation in a TIFF structure (the body of an EXIF block), or null when it has none.
 * Reads IFD0 only, where EXIF keeps it.
 */
export function orientationOf(tiff: Buffer): number | null {
  if (tiff.length < 8) return null;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (at: number): number => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number): number => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    if (u16(entry + 2) !== SHORT || u32(entry + 4) !== 1) return null;
    const value = u16(entry + 8);
    return value >= 1 && value <= 8 ? value : null;
  }
  return null;
}

/**
 * A TIFF structure whose IFD0 holds only the orientation (or nothing when `orientation` is
 * null): what an EXIF block keeps of a photo, so viewers still turn it upright.
 */
export function orientationOnlyTiff(orientation: number | null): Buffer {
  const entries = orientation === null ? 0 : 1;
  const out = Buffer.alloc(8 + 2 + entries * 12 + 4);
  out.write('MM', 0, 'latin1');
  out.writeUInt16BE(42, 2);
  out.writeUInt32BE(8, 4);
  out.writeUInt16BE(entries, 8);
  if (orientation !== null) {
    out.writeUInt16BE(ORIENTATION_TAG, 10);
    out.writeUInt16BE(SHORT, 12);
    out.writeUInt32BE(1, 14);
    out.writeUInt16BE(orientation, 18);
  }
  // The next-IFD offset (0: no further IFD) is already zero.
  return out;
}
