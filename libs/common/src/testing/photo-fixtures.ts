import { readFileSync } from 'node:fs';
import path from 'node:path';

export type PhotoFixture = 'photo.jpg' | 'photo.png' | 'photo.webp' | 'photo.heic';

/**
 * A 32×24 photo written by exiftool with GPS position, camera, serial number, author, XMP and
 * (except the HEIC) EXIF orientation 6; see photo-fixtures/README.md.
 */
export function photoFixture(name: PhotoFixture): Buffer {
  return readFileSync(path.join(__dirname, 'photo-fixtures', name));
}

/** Texts the photo fixtures carry in their metadata. */
export const PHOTO_FIXTURE_SECRETS = [
  'TestCam',
  'SN-123456',
  'Jane Runner',
  'Berlin',
  'secret comment',
  'xap/1.0',
];

/** 3 seconds of 160×120 VP8 WebM with its duration set (video-fixtures/README.md). */
export function videoFixture(): Buffer {
  return readFileSync(path.join(__dirname, 'video-fixtures', 'clip.webm'));
}
