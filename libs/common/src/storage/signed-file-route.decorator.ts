import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { Public } from '../auth/access.decorators';
import { PROBLEM_CONTENT_TYPE } from '../errors/problem-details';
import { FILE_VARIANTS } from './signed-urls';

const PROBLEM = {
  [PROBLEM_CONTENT_TYPE]: {
    schema: {
      type: 'object',
      required: ['type', 'title', 'status', 'detail', 'code'],
      properties: {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer' },
        detail: { type: 'string' },
        code: { type: 'string' },
        hint: { type: 'string' },
        request_id: { type: 'string' },
      },
    },
  },
};

const header = (description: string) => ({ description, schema: { type: 'string' } });
const CROSS_ORIGIN = {
  'Access-Control-Allow-Origin': header('MEDIA_URL_CORS_ORIGINS (the caller’s origin) or *'),
  'Cross-Origin-Resource-Policy': header('cross-origin'),
};
const FILE_HEADERS = {
  ...CROSS_ORIGIN,
  ETag: header('Strong entity tag of the variant'),
  'Cache-Control': header('private, max-age=<seconds the URL stays valid>'),
  'Accept-Ranges': header('bytes'),
  'Content-Length': header('Bytes in the body'),
};

/**
 * A public file route of signed URLs (SignedFiles): no Authorization header, the signature in
 * the query is the credential. Declares the query, Range and If-None-Match, and every answer:
 * 200 and 206 with the binary content of `contentTypes`, 304, and 403, 404, 416 problem+json.
 */
export function SignedFileRoute(contentTypes: string[]): MethodDecorator {
  const binary = Object.fromEntries(
    contentTypes.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]),
  );
  return applyDecorators(
    Public(),
    ApiQuery({ name: 'variant', enum: FILE_VARIANTS, description: 'As signed' }),
    ApiQuery({ name: 'expires', type: String, description: 'Unix seconds, as signed' }),
    ApiQuery({ name: 'sig', type: String, description: 'HMAC-SHA256, base64url' }),
    ApiHeader({ name: 'Range', required: false, description: 'One byte range: bytes=a-b' }),
    ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag of a cached copy' }),
    ApiResponse({
      status: 200,
      description: 'The whole file',
      content: binary,
      headers: FILE_HEADERS,
    }),
    ApiResponse({
      status: 206,
      description: 'One byte range of the file',
      content: binary,
      headers: { ...FILE_HEADERS, 'Content-Range': header('bytes a-b/size') },
    }),
    ApiResponse({
      status: 304,
      description: 'Not modified: If-None-Match names the current ETag',
      headers: {
        ...CROSS_ORIGIN,
        ETag: FILE_HEADERS.ETag,
        'Cache-Control': FILE_HEADERS['Cache-Control'],
      },
    }),
    ApiResponse({
      status: 403,
      description:
        'SIGNED_URL_INVALID (missing, malformed or tampered signature, another variant, or access changed since the signing: trash, hide, move) or SIGNED_URL_EXPIRED',
      content: PROBLEM,
      headers: CROSS_ORIGIN,
    }),
    ApiResponse({
      status: 404,
      description: 'NOT_FOUND: no such resource or variant',
      content: PROBLEM,
      headers: CROSS_ORIGIN,
    }),
    ApiResponse({
      status: 416,
      description:
        'RANGE_NOT_SATISFIABLE: the range lies outside the file (Content-Range: bytes */size)',
      content: PROBLEM,
      headers: { ...CROSS_ORIGIN, 'Content-Range': header('bytes */size') },
    }),
  );
}
