import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../errors/error-catalogue';
import { PROBLEM_CONTENT_TYPE, problemType } from '../errors/problem-details';

const ANSWERS: Record<string, { status: number; reason: string; code: ErrorCode; detail: string }> =
  {
    HPE_HEADER_OVERFLOW: {
      status: 431,
      reason: 'Request Header Fields Too Large',
      code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      detail: 'The request line and headers may have at most 16 KB.',
    },
    ERR_HTTP_REQUEST_TIMEOUT: {
      status: 408,
      reason: 'Request Timeout',
      code: 'REQUEST_TIMEOUT',
      detail: 'The request did not arrive in time.',
    },
  };

const MALFORMED: { status: number; reason: string; code: ErrorCode; detail: string } = {
  status: 400,
  reason: 'Bad Request',
  code: 'MALFORMED_REQUEST',
  detail: 'The request is not valid HTTP.',
};

/**
 * Requests that Node's HTTP parser refuses before any route sees them (a URL or headers over
 * its 16 KB limit, a malformed request) are answered as problem details like every other
 * error, instead of Node's bare status line.
 */
export function answerClientErrorsAsProblems(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const answer = ANSWERS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({
      type: problemType(answer.code),
      title: answer.reason,
      status: answer.status,
      detail: answer.detail,
      code: answer.code,
    });
    socket.end(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  });
}
