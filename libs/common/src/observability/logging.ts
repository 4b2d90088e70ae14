import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { DynamicModule } from '@nestjs/common';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes a well-formed `X-Request-Id` from the caller or makes one, and echoes it back. */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/** Structured JSON logs, one line per request, with the request id and no credentials. */
export function loggingModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level,
      name: service,
      genReqId: requestIdOf,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      autoLogging: { ignore: (req) => /^\/api\/(health|metrics)/.test(req.url ?? '') },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
  });
}
