import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import {
  DatabaseUnavailableError,
  DomainError,
  SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
} from './domain-error';
import { closeWithoutReading } from '../http/close-unread';
import type { ErrorCode } from './error-catalogue';
import { PROBLEM_CONTENT_TYPE, ProblemDetails, problemType } from './problem-details';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  501: 'NOT_IMPLEMENTED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Errors thrown by Express middleware (http-errors) carry these fields. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

/**
 * The one place where errors become responses: domain errors keep their code, framework
 * errors get a code from their status, an unreachable or timed-out database is a 503 with
 * `Retry-After` (wherever it happens, the access guard's account lookup included), anything
 * else is a plain 500 that names the request id and nothing of its cause. Every 503 carries
 * `Retry-After`. An error answered before the body was read closes the connection.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemDetailsFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request & { id?: string | number }>();
    const res = ctx.getResponse<Response>();
    const requestId = req?.id !== undefined ? String(req.id) : undefined;
    const { problem, headers } = this.toProblem(exception, requestId);

    if (isDatabaseUnavailable(exception)) {
      const e = exception as { code?: unknown; message?: unknown };
      this.logger.warn(
        { code: e.code, cause: e.message, request_id: requestId, path: req?.originalUrl },
        'Database unavailable',
      );
    } else if (problem.status >= 500 && !(exception instanceof DomainError)) {
      this.logger.error(
        { err: exception, request_id: requestId, path: req?.originalUrl },
        'Unhandled error',
      );
    }
    if (res.headersSent) return;
    if (problem.status === 503 && !headers['Retry-After'])
      headers['Retry-After'] = String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    // A refused request whose body has not (all) arrived: answer now and close the connection,
    // instead of letting Node read the rest of the body to keep the connection alive.
    if (req && !req.complete) closeWithoutReading(req, res);
    res.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
  }

  toProblem(
    exception: unknown,
    requestId?: string,
  ): { problem: ProblemDetails; headers: Record<string, string> } {
    if (!(exception instanceof DomainError) && isDatabaseUnavailable(exception))
      return this.toProblem(new DatabaseUnavailableError(), requestId);
    if (exception instanceof DomainError) {
      return {
        problem: {
          ...(exception.extensions ?? {}),
          type: problemType(exception.code),
          title: exception.title,
          status: exception.status,
          detail: exception.message,
          code: exception.code,
          ...(exception.errors ? { errors: exception.errors } : {}),
          ...(exception.hint ? { hint: exception.hint } : {}),
          request_id: requestId,
        },
        headers: { ...exception.headers },
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return {
        problem: this.fromStatus(status, this.httpExceptionDetail(exception), requestId),
        headers: {},
      };
    }
    const httpLike = exception as HttpLikeError | null;
    const status = httpLike?.status ?? httpLike?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500 && httpLike?.expose !== false) {
      return {
        problem: this.fromStatus(status, this.middlewareDetail(status), requestId),
        headers: {},
      };
    }
    return {
      problem: {
        type: problemType('INTERNAL_ERROR'),
        title: 'Internal server error',
        status: HttpStatus.INTERNAL_SERVER_ERROR,
        detail: `An unexpected error occurred. Quote request id ${requestId ?? 'unknown'} when reporting it.`,
        code: 'INTERNAL_ERROR',
        request_id: requestId,
      },
      headers: {},
    };
  }

  private fromStatus(status: number, detail: string, requestId?: string): ProblemDetails {
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED');
    const safeDetail = status >= 500 ? 'The service could not complete the request.' : detail;
    return {
      type: problemType(code),
      title: titleOf(code),
      status,
      detail: safeDetail,
      code,
      request_id: requestId,
    };
  }

  private httpExceptionDetail(exception: HttpException): string {
    const body = exception.getResponse();
    if (typeof body === 'string') return body;
    const message = (body as { message?: unknown }).message;
    if (Array.isArray(message)) return message.join('; ');
    if (typeof message === 'string') return message;
    return exception.message;
  }

  private middlewareDetail(status: number): string {
    if (status === 413) return 'The request body is too large.';
    return 'The request could not be processed.';
  }
}

function titleOf(code: string): string {
  const words = code.toLowerCase().split('_');
  return words.map((w, i) => (i === 0 ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
}
