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
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  return document;
}
