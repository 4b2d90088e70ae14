import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ENTITY_TAG_EXTENSION, ETAG_DESCRIPTION } from '../concurrency/conditional-routes';
import type { ReleaseInfo } from '../versioning/release';

/** Builds the OpenAPI 3 document from the code and serves it at /api/docs and /api/docs-json. */
export function setupOpenApi(
  app: INestApplication,
  release: ReleaseInfo,
  description: string,
): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(`${release.service} service`)
    .setDescription(
      `${description}\n\nErrors are RFC 9457 problem details (application/problem+json) with a stable \`code\`.`,
    )
    .setVersion(release.app_version)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  declareServiceUnavailable(document);
  declareEntityTags(document);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  return document;
}

/** Every route may answer 503 when the database is unavailable (ProblemDetailsFilter). */
function declareServiceUnavailable(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation) continue;
      operation.responses['503'] ??= {
        description:
          'SERVICE_UNAVAILABLE (problem+json, Retry-After): the database is unavailable or timed out; retry after the given seconds',
      };
    }
  }
}

/**
 * Operations marked by `EntityTagged`/`ConditionalWrite`: every 2xx response with a body
 * declares the `ETag` header, and the 412 the current one; the marker itself is removed.
 */
function declareEntityTags(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method] as (typeof item)[typeof method] & Record<string, unknown>;
      if (!operation?.[ENTITY_TAG_EXTENSION]) continue;
      delete operation[ENTITY_TAG_EXTENSION];
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^2\d\d$/.test(status) && status !== '412') continue;
        if (status === '204' || !response || '$ref' in response) continue;
        response.headers = {
          ...response.headers,
          ETag: {
            description:
              status === '412' ? 'The current version of the resource' : ETAG_DESCRIPTION,
            schema: { type: 'string' },
          },
        };
      }
    }
  }
}
