import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { stdSerializers } from 'pino';
import type { DynamicModule } from '@nestjs/common';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes a well-formed `X-Request-Id` from the caller or makes one, and echoes it back. */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

export interface RequestLogOptions {
  /** Share of successful requests (status < 400) logged, 0 to 1. */
  successSampleRate: number;
  /** A successful request at least this slow (ms) is always logged. */
  slowRequestMs: number;
}

/**
 * The level of a request's line: errors and refusals always, a successful request when it is
 * slow or falls into the sample (`silent`: no line, and no serialisation work).
 */
export function requestLogLevel(
  options: RequestLogOptions,
  statusCode: number,
  failed: boolean,
  elapsedMs: number,
  random: () => number = Math.random,
): 'error' | 'warn' | 'info' | 'silent' {
  if (failed || statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'warn';
  if (options.successSampleRate >= 1 || elapsedMs >= options.slowRequestMs) return 'info';
  return random() < options.successSampleRate ? 'info' : 'silent';
}

const START = Symbol('request-log-start');
type Timed = IncomingMessage & { [START]?: bigint };

/**
 * Structured JSON logs, one line per request, with the request id and no credentials: the
 * method, the URL and the status only (headers are never read, copied or serialised).
 */
export function loggingModule(
  service: string,
  level: string,
  options: RequestLogOptions = { successSampleRate: 1, slowRequestMs: 1000 },
): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level,
      name: service,
      genReqId: (req, res) => {
        (req as Timed)[START] = process.hrtime.bigint();
        return requestIdOf(req, res);
      },
      // The serializers below read the three fields from the request itself: pino-http's
      // standard serializer (a copy of every header, then redacted) is not run per request.
      wrapSerializers: false,
      autoLogging: { ignore: (req) => /^\/api\/(health|metrics)/.test(req.url ?? '') },
      customLogLevel: (req, res, err) => {
        const start = (req as Timed)[START];
        const elapsedMs = start === undefined ? 0 : Number(process.hrtime.bigint() - start) / 1e6;
        return requestLogLevel(options, res.statusCode, Boolean(err), elapsedMs);
      },
      serializers: {
        req: (req: { id: string; method: string; url: string; originalUrl?: string }) => ({
          id: req.id,
          method: req.method,
          url: req.originalUrl ?? req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: stdSerializers.err,
      },
    },
  });
}
