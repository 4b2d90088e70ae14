import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';

/** The media families a stored file may have (its sniffed type; see storage/media-sniff). */
const FILE_CONTENT = Object.fromEntries(
  ['image/*', 'video/*', 'audio/*', 'application/*'].map((type) => [
    type,
    { schema: { type: 'string', format: 'binary' } },
  ]),
);

const FILE_HEADERS = {
  'Accept-Ranges': { description: 'Always `bytes`', schema: { type: 'string', enum: ['bytes'] } },
  'Content-Length': { description: 'Bytes in this response', schema: { type: 'integer' } },
  'Content-Disposition': {
    description: '`inline` with a file name of the content hash',
    schema: { type: 'string' },
  },
  'Cache-Control': { schema: { type: 'string' } },
};

/**
 * A stored file as a download: 200 with the whole file, 206 with one byte range of it
 * (`Range: bytes=…`; a range outside the file answers 416 with `Content-Range: bytes *\/size`).
 */
export function ApiFileResponses(): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: 'Range',
      required: false,
      description: 'One byte range, e.g. `bytes=0-1023`; several ranges answer the whole file',
      schema: { type: 'string', pattern: '^bytes=' },
    }),
    ApiResponse({
      status: 200,
      description: 'The whole file with its sniffed media type',
      headers: FILE_HEADERS,
      content: FILE_CONTENT,
    }),
    ApiResponse({
      status: 206,
      description: 'Partial content: the requested byte range',
      headers: {
        ...FILE_HEADERS,
        'Content-Range': {
          description: '`bytes start-end/size`',
          schema: { type: 'string', pattern: '^bytes \\d+-\\d+/\\d+$' },
        },
      },
      content: FILE_CONTENT,
    }),
  );
}
