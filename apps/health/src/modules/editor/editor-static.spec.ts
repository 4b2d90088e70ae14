import type { Request, Response } from 'express';
import { acceptsEncoding, EDITOR_CSP, editorHandler, safeFilePath } from './editor-static';

describe('editor static files', () => {
  it('resolves paths inside the root and refuses ones escaping it', () => {
    expect(safeFilePath('/srv/dist', 'assets/a.js')).toBe('/srv/dist/assets/a.js');
    expect(safeFilePath('/srv/dist', '../secret')).toBeNull();
    expect(safeFilePath('/srv/dist', '..%2f..%2fetc/passwd')).toBeNull();
    expect(safeFilePath('/srv/dist', '%2e%2e/x')).toBeNull();
    expect(safeFilePath('/srv/dist', 'a%00.js')).toBeNull();
    expect(safeFilePath('/srv/dist', 'a\\..\\b')).toBeNull();
    expect(safeFilePath('/srv/dist', '%E0%A4%A')).toBeNull();
  });

  it('reads Accept-Encoding with q-values and the wildcard', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, deflate', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=0, gzip', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=0.5', 'br')).toBe(true);
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding('*;q=0', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });

  it('answers 404 problem+json with a build hint when the editor is not built', () => {
    const headers: Record<string, string> = {};
    let status = 0;
    let type = '';
    let body = '';
    const res = {
      setHeader: (k: string, v: string) => (headers[k] = v),
      status: (s: number) => ((status = s), res),
      type: (t: string) => ((type = t), res),
      send: (b: string) => ((body = b), res),
    } as unknown as Response;
    const req = { method: 'GET', path: '/editor/' } as Request;
    editorHandler('/nonexistent/editor-dist')(req, res, () => undefined);
    expect(status).toBe(404);
    expect(type).toBe('application/problem+json');
    expect(headers['Content-Security-Policy']).toBe(EDITOR_CSP);
    expect(JSON.parse(body)).toMatchObject({
      status: 404,
      code: 'EDITOR_NOT_BUILT',
      hint: expect.stringContaining('pnpm --filter @sports/workflow-editor build'),
    });
  });
});
