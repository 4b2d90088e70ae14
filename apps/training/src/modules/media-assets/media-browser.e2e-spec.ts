/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UrlSigner } from '@sports/common';
import { solidJpeg, videoFixture, waitFor } from '@sports/common/testing';
import { type Browser, chromium } from 'playwright-core';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';
import { client, createExercise, tempMediaRoot, uploadAsset } from './media-test-fixtures';

/**
 * Signed media URLs in a real browser (Debian's Chromium driven by playwright-core): a page
 * served from another origin shows a thumbnail and a preview and plays and seeks a video
 * through them, without any Authorization header; an expired URL does not load.
 */
const CHROMIUM = '/usr/bin/chromium';
const describeBrowser = existsSync(CHROMIUM) ? describe : describe.skip;
if (!existsSync(CHROMIUM)) {
  console.warn(
    `SKIPPED: media browser tests need Chromium at ${CHROMIUM} (apt-get install chromium).`,
  );
}

interface AssetBody {
  id: string;
  url: string;
  renditions: { variant: string; url: string }[];
  renditions_status: string;
}

describeBrowser('signed media URLs in Chromium, on a page of another origin', () => {
  const secret = randomBytes(32).toString('hex');
  let t: TrainingTestApp;
  let owner: TestProfile;
  let browser: Browser;
  let page: Server;
  let pageOrigin: string;
  let html = '';

  beforeAll(async () => {
    t = await startTrainingTestApp({ MEDIA_ROOT: tempMediaRoot(), MEDIA_URL_SECRET: secret });
    owner = await t.newProfile();
    page = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    // Another port on another host name: another origin (and site) than the service's.
    pageOrigin = `http://localhost:${(page.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--autoplay-policy=no-user-gesture-required',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => page?.close(resolve));
    await t?.close();
  });

  const upload = async (bytes: Buffer): Promise<AssetBody> => {
    const ex = await createExercise(t, owner);
    const { assetId } = await uploadAsset(t, owner, ex, bytes);
    return waitFor(
      async () => {
        const res = await client(t, owner).get(`/api/media-assets/${assetId}`);
        return res.body.renditions_status !== 'pending' && (res.body as AssetBody);
      },
      { message: `renditions of asset ${assetId} no longer pending` },
    );
  };

  it('shows thumbnail and preview, plays and seeks the video, and refuses an expired URL', async () => {
    const image = await upload(await solidJpeg(2000, 1500));
    const video = await upload(videoFixture());
    expect(image.renditions_status).toBe('ready');
    expect(video.renditions_status).toBe('none');
    const abs = (u: string): string => `${t.url}${u}`;
    const thumb = image.renditions.find((r) => r.variant === 'thumbnail')!.url;
    const preview = image.renditions.find((r) => r.variant === 'preview')!.url;
    // A genuine signature of the service's secret whose lifetime ran out an hour ago.
    const [{ storage_key }] = await t.db.query(
      'SELECT storage_key FROM media_assets WHERE id = $1',
      [image.id],
    );
    const expired = new UrlSigner(secret, 900, () => Date.now() - 3_600_000).sign(
      `/api/media-assets/${image.id}/content`,
      'thumbnail',
      `active\n${storage_key}`,
    ).url;
    html = `<!doctype html><html><body>
      <img id="thumb" src="${abs(thumb)}">
      <img id="preview" crossorigin="anonymous" src="${abs(preview)}">
      <img id="expired" src="${abs(expired)}">
      <video id="clip" src="${abs(video.url)}" preload="auto" muted playsinline></video>
    </body></html>`;

    const tab = await browser.newPage();
    const mediaAnswers: { status: number; range?: string }[] = [];
    tab.on('response', (res) => {
      if (res.url().includes(`/api/media-assets/${video.id}/content`)) {
        mediaAnswers.push({ status: res.status(), range: res.request().headers().range });
      }
    });
    await tab.goto(`${pageOrigin}/gallery.html`);
    expect(new URL(tab.url()).origin).not.toBe(new URL(t.url).origin);

    const loaded = (id: string) =>
      tab.evaluate(
        (sel) =>
          new Promise<{ ok: boolean; width: number; height: number }>((resolve) => {
            const img = document.getElementById(sel) as HTMLImageElement;
            const done = () =>
              resolve({
                ok: img.naturalWidth > 0,
                width: img.naturalWidth,
                height: img.naturalHeight,
              });
            if (img.complete) done();
            else {
              img.addEventListener('load', done);
              img.addEventListener('error', done);
            }
          }),
        id,
      );
    expect(await loaded('thumb')).toEqual({ ok: true, width: 256, height: 192 });
    expect(await loaded('preview')).toEqual({ ok: true, width: 1280, height: 960 });
    expect(await loaded('expired')).toEqual({ ok: false, width: 0, height: 0 });

    const played = await tab.evaluate(
      () =>
        new Promise<{ duration: number; seekedTo: number; advanced: boolean }>(
          (resolve, reject) => {
            const v = document.getElementById('clip') as HTMLVideoElement;
            // The deadline of the event waits below, in the page (where waitFor is not at hand).
            const stuck = () => reject(new Error(`video stuck: ${v.readyState}`));
            const timer = setTimeout(stuck, 60_000); // not-a-wait: deadline of in-page waits
            const go = async () => {
              const duration = v.duration;
              v.currentTime = 2;
              await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
              const seekedTo = v.currentTime;
              await v.play();
              // Playing advances the position: the first time update past the seek point.
              await new Promise<void>((r) => {
                const onTime = () => {
                  if (v.currentTime <= seekedTo) return;
                  v.removeEventListener('timeupdate', onTime);
                  r();
                };
                v.addEventListener('timeupdate', onTime);
              });
              const advanced = v.currentTime > seekedTo;
              v.pause();
              clearTimeout(timer);
              resolve({ duration, seekedTo, advanced });
            };
            if (v.readyState >= 1) void go();
            else v.addEventListener('loadedmetadata', () => void go(), { once: true });
            v.addEventListener('error', () => reject(new Error(`video error ${v.error?.code}`)));
          },
        ),
    );
    expect(played.duration).toBeCloseTo(3, 0);
    expect(played.seekedTo).toBeCloseTo(2, 1);
    expect(played.advanced).toBe(true);
    // The browser fetched the video with byte ranges, answered 206.
    expect(mediaAnswers.some((a) => a.status === 206 && a.range?.startsWith('bytes='))).toBe(true);
    await tab.close();
  });
});
