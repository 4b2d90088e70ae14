import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** helmet's settings for an API (no CSP or COEP: the services answer JSON, not documents). */
const HELMET_OPTIONS = { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false } as const;

/**
 * The fixed headers of every answer: helmet's security headers (run once here, on a recording
 * response, so helmet stays the source of what they are) and `X-App-Version`.
 */
export function fixedResponseHeaders(appVersion: string): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let synchronous = false;
  helmet(HELMET_OPTIONS)({} as Request, recorder as unknown as Response, () => {
    synchronous = true;
  });
  if (!synchronous) throw new Error('helmet did not set its headers synchronously');
  headers.push(['X-App-Version', appVersion]);
  return headers;
}

/**
 * The first middleware of every request, in place of several: sets the fixed headers, then
 * hands over to the request log (`requestLogging`, which also times the request for the
 * duration metric).
 */
export function requestPipeline(
  headers: [string, string][],
  logging: (req: Request, res: Response, next: NextFunction) => void,
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    for (let i = 0; i < headers.length; i += 1) res.setHeader(headers[i][0], headers[i][1]);
    logging(req, res, next);
  };
}
