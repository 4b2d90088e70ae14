import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProfile, TrainingTestApp } from '../../testing/training-test-app';

/** A fresh media root per test file. */
export const tempMediaRoot = (): string => mkdtempSync(path.join(os.tmpdir(), 'media-e2e-'));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Bytes the sniffer takes for a PNG (signature plus unique filler). */
export const pngBytes = (size = 256): Buffer =>
  Buffer.concat([Buffer.from(PNG_SIGNATURE), randomBytes(Math.max(0, size - 8))]);

export const pdfBytes = (size = 256): Buffer =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(Math.max(0, size - 9))]);

/** Test-side HTTP helpers of one profile. */
export function client(t: TrainingTestApp, p: TestProfile, club?: string) {
  const auth = <T extends { set: (k: string, v: string) => T }>(req: T): T => {
    let r = req.set('Authorization', p.auth);
    if (club) r = r.set('X-Active-Club-Id', club);
    return r;
  };
  return {
    get: (url: string) => auth(t.http.get(url)),
    post: (url: string, body: object) => auth(t.http.post(url)).send(body),
    put: (url: string, body: object) => auth(t.http.put(url)).send(body),
    patch: (url: string, body: object) => auth(t.http.patch(url)).send(body),
    del: (url: string) => auth(t.http.delete(url)),
    upload: (
      exerciseId: string,
      bytes: Buffer,
      name = 'photo.png',
      fields: Record<string, string> = {},
    ) => {
      let req = auth(t.http.post(`/api/exercises/${exerciseId}/media`));
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      return req.attach('file', bytes, { filename: name, contentType: 'application/octet-stream' });
    },
  };
}

export async function createExercise(
  t: TrainingTestApp,
  p: TestProfile,
  body: object = {},
  club?: string,
): Promise<string> {
  const res = await client(t, p, club).post('/api/exercises', { title: 'Übung', ...body });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** Uploads and answers the asset id (fails the test on anything but 201). */
export async function uploadAsset(
  t: TrainingTestApp,
  p: TestProfile,
  exerciseId: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
  club?: string,
): Promise<{ assetId: string; linkId: string; body: Record<string, unknown> }> {
  const res = await client(t, p, club).upload(exerciseId, bytes, 'file.bin', fields);
  if (res.status !== 201) throw new Error(`upload ${res.status} ${JSON.stringify(res.body)}`);
  return { assetId: res.body.asset.id, linkId: res.body.media.id, body: res.body };
}

/** A media_assets row as the tests read it. */
export interface AssetDbRow {
  id: string;
  sha256: string;
  size_bytes: string;
  storage_key: string;
  visibility: string;
  club_id: string | null;
  copyright_notice: string | null;
  lifecycle: string;
  tags: string[];
}

export async function assetRow(t: TrainingTestApp, id: string): Promise<AssetDbRow | null> {
  const rows = await t.db.query('SELECT * FROM media_assets WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** Absolute path of a stored asset's file. */
export const fileOf = (root: string, storageKey: string | undefined): string => {
  if (!storageKey) throw new Error('no storage key');
  return path.join(root, ...storageKey.split('/'));
};

/** Files left in the staging folder (should be none after every request). */
export const stagingFiles = (root: string): string[] => {
  const dir = path.join(root, '.incoming');
  return existsSync(dir) ? readdirSync(dir) : [];
};
