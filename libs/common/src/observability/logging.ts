import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule, PinoLogger } from 'nestjs-pino';
import type { Options as PinoHttpOptions } from 'pino-http';
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

/** Requests that get no line (probes and scrapes). */
const UNLOGGED = /^\/api\/(health|metrics)/;

/**
 * Structured JSON logs through nestjs-pino (the application's logger). Requests are not logged
 * by pino-http's middleware (`forRoutes: []`) but by `requestLogging`, part of configureApp's
 * one request middleware.
 */
export function loggingModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({ pinoHttp: loggerOptions(service, level), forRoutes: [] });
}

/** The options of the application's pino logger. */
export function loggerOptions(service: string, level: string): PinoHttpOptions {
  return {
    level,
    name: service,
    // The serializers read the logged fields from the request itself (no copy of it, of its
    // headers, no redaction of headers that are never written).
    wrapSerializers: false,
    serializers: {
      req: (req: { id: string; method: string; url: string; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.originalUrl ?? req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: stdSerializers.err,
    },
  };
}

type LoggedRequest = IncomingMessage & { id?: string; originalUrl?: string };

/** Called once a request's response has been written in full, with its duration. */
export type FinishedRequestObserver = (
  req: IncomingMessage,
  res: ServerResponse,
  elapsedMs: number,
) => void;

/** When the request's handling started (performance.now()), kept on its response. */
const STARTED = Symbol('requestStarted');
type TimedResponse = ServerResponse & { [STARTED]: number };

/**
 * One structured line per request, `{req: {id, method, url}, res: {statusCode}, responseTime}`,
 * with the request id (taken from `X-Request-Id` or made, and echoed back), and no credentials:
 * headers are never read, copied or serialised. Errors and refusals are always logged,
 * successes as `requestLogLevel` samples them (no work at all for a silent one). Logs made while
 * the request is handled carry its `req` binding. `observers` (e.g. the duration metric) are
 * told of every response written in full. Per request: one `close` listener, the same function
 * for every request (no closures), reading the start time kept on the response. Call after the
 * application's Logger exists.
 */
export function requestLogging(
  options: RequestLogOptions,
  observers: readonly FinishedRequestObserver[] = [],
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const context = new PinoLogger({ pinoHttp: {} });
  const root = PinoLogger.root;
  // `close` comes after `finish` when the response was written in full, alone when the
  // connection was lost before.
  function ended(this: ServerResponse): void {
    const elapsedMs = performance.now() - (this as TimedResponse)[STARTED];
    const req = this.req as LoggedRequest;
    if (this.writableFinished) for (const observe of observers) observe(req, this, elapsedMs);
    const responseTime = Math.round(elapsedMs);
    const level = requestLogLevel(options, this.statusCode, false, responseTime);
    // The URL is tested only for a line that would be written.
    if (level === 'silent' || !root.isLevelEnabled(level)) return;
    if (UNLOGGED.test(req.originalUrl ?? req.url ?? '')) return;
    if (this.statusCode >= 500)
      root[level](
        {
          req,
          res: this,
          err: new Error(`failed with status code ${this.statusCode}`),
          responseTime,
        },
        'request errored',
      );
    else root[level]({ req, res: this, responseTime }, 'request completed');
  }
  return (req, res, next) => {
    (res as TimedResponse)[STARTED] = performance.now();
    (req as LoggedRequest).id = requestIdOf(req, res);
    res.on('close', ended);
    context.runInContext(next, { bindings: { req } });
  };
}
