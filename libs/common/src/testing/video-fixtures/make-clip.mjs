// Makes clip.webm: 3 seconds of 160×120 VP8 (a moving bar and a frame counter), recorded by
// Chromium's MediaRecorder from a canvas (Chromium 14x writes Duration and Cues, so the file
// is seekable; the script refuses a recording without Cues).
// Run from apps/health or apps/training (playwright-core and /usr/bin/chromium):
//   node ../../libs/common/src/testing/video-fixtures/make-clip.mjs
/* global document, MediaRecorder, requestAnimationFrame */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const { chromium } = createRequire(path.join(process.cwd(), 'package.json'))('playwright-core');
const SECONDS = 3;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
const base64 = await page.evaluate(async (seconds) => {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 120;
  const g = canvas.getContext('2d');
  const recorder = new MediaRecorder(canvas.captureStream(25), {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 150_000,
  });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => (recorder.onstop = resolve));
  const start = performance.now();
  recorder.start();
  await new Promise((resolve) => {
    const draw = () => {
      const t = (performance.now() - start) / 1000;
      g.fillStyle = `hsl(${(t * 120) % 360} 70% 50%)`;
      g.fillRect(0, 0, 160, 120);
      g.fillStyle = '#fff';
      g.fillRect((t / seconds) * 150, 50, 10, 20);
      g.font = '20px sans-serif';
      g.fillText(t.toFixed(1), 10, 30);
      if (t < seconds) requestAnimationFrame(draw);
      else resolve();
    };
    draw();
  });
  recorder.stop();
  await done;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}, SECONDS);
await browser.close();

const webm = Buffer.from(base64, 'base64');
// Chromium's recorder writes a SeekHead, the Duration and Cues: the file is seekable as is.
if (webm.indexOf(Buffer.from([0x1c, 0x53, 0xbb, 0x6b])) < 0) throw new Error('no Cues element');
writeFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'clip.webm'), webm);
console.log(`clip.webm: ${webm.length} bytes`);
