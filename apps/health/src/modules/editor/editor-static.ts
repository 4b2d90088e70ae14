import { createReadStream, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { type ErrorCode, PROBLEM_CONTENT_TYPE, ProblemDetails, problemType } from '@sports/common';

/** The built editor: apps/workflow-editor/dist (same relative path from src/ and dist/). */
export const EDITOR_DIST = resolve(__dirname, '../../../../workflow-editor/dist');

export const EDITOR_CSP =
  "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; " +
  "script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The file under `root` that `relative` (the URL path after /editor/) names, or null when the
 * path is malformed or escapes the root (`..`, encoded slashes, NUL bytes).
 */
export function safeFilePath(root: string, relative: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const parts = decoded.split('/').filter((p) => p !== '');
  if (parts.some((p) => p === '..' || p === '.')) return null;
  const base = resolve(root);
  const full = resolve(base, ...parts);
  if (full !== base && !full.startsWith(base + sep)) return null;
  return full;
}

/** Precompressed copies written at build (apps/workflow-editor/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Whether an Accept-Encoding header accepts `coding` (listed, or `*`, with q above 0). */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (token === coding) return weight > 0;
    if (token === '*') wildcard = weight > 0;
  }
  return wildcard;
}

function problem(
  res: Response,
  status: number,
  code: ErrorCode,
  title: string,
  detail: string,
  hint?: string,
) {
  const body: ProblemDetails = { type: problemType(code), title, status, detail, code };
  if (hint) body.hint = hint;
  res.status(status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

/**
 * Serves the single-page editor: files of `root`, and index.html for client routes (paths
 * without a file extension). Public: the page holds no data; the API calls carry the token.
 */
export function editorHandler(root: string = EDITOR_DIST) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Content-Security-Policy', EDITOR_CSP);
    const index = join(root, 'index.html');
    if (!isFile(index)) {
      return problem(
        res,
        404,
        'EDITOR_NOT_BUILT',
        'Not found',
        'The workflow editor has not been built.',
        'Run `pnpm --filter @sports/workflow-editor build` and reload.',
      );
    }
    if (req.path === '/editor') return res.redirect(301, '/editor/');
    const relative = req.path.slice('/editor/'.length);
    const file = relative ? safeFilePath(root, relative) : index;
    if (file === null) {
      return problem(res, 404, 'NOT_FOUND', 'Not found', 'No such editor file.');
    }
    let target = file;
    if (!isFile(target)) {
      // Client routes fall back to the page; missing files (with an extension) are 404.
      if (extname(target)) {
        return problem(res, 404, 'NOT_FOUND', 'Not found', 'No such editor file.');
      }
      target = index;
    }
    const isAsset = target.startsWith(join(resolve(root), 'assets') + sep);
    res.setHeader('Content-Type', TYPES[extname(target)] ?? 'application/octet-stream');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    let body = target;
    if (ENCODINGS.some((e) => isFile(target + e.suffix))) {
      // Caches must keep one copy per encoding.
      res.setHeader('Vary', 'Accept-Encoding');
      const accepted = ENCODINGS.find(
        (e) => acceptsEncoding(req.headers['accept-encoding'], e.name) && isFile(target + e.suffix),
      );
      if (accepted) {
        res.setHeader('Content-Encoding', accepted.name);
        body = target + accepted.suffix;
      }
    }
    res.setHeader('Content-Length', String(statSync(body).size));
    if (req.method === 'HEAD') return void res.end();
    createReadStream(body)
      .on('error', (err) => next(err))
      .pipe(res);
  };
}
