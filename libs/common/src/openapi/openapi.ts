import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
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
