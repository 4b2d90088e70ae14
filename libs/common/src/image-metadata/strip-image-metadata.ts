import { stripHeifMetadata } from './heif-metadata';
import { stripJpegMetadata } from './jpeg-metadata';
import { stripPngMetadata } from './png-metadata';
import { stripWebpMetadata } from './webp-metadata';

export type MetadataImageFormat = 'jpeg' | 'png' | 'webp' | 'heif';

/**
 * The image without EXIF, XMP, IPTC, comments and text chunks (GPS position, camera serial,
 * times, names), keeping only the EXIF orientation so it is shown the same way. Lossless: the
 * encoded picture is copied byte for byte, never decoded and encoded again. Throws
 * `MalformedImageError` when the content lacks its format's structure.
 */
export function stripImageMetadata(data: Buffer, format: MetadataImageFormat): Buffer {
  switch (format) {
    case 'jpeg':
      return stripJpegMetadata(data);
    case 'png':
      return stripPngMetadata(data);
    case 'webp':
      return stripWebpMetadata(data);
    case 'heif':
      return stripHeifMetadata(data);
  }
}
