import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { COMMON_ERRORS, ERROR_CATALOGUE, ErrorCatalogue } from '../errors/error-catalogue';
import type { ReleaseInfo } from '../versioning/release';
import { applyContract } from './contract-document';

/** The service's error catalogue as its module registered it (common codes only without one). */
export function errorCatalogueOf(app: INestApplication): ErrorCatalogue {
  try {
    return app.get<ErrorCatalogue>(ERROR_CATALOGUE, { strict: false });
  } catch {
    return COMMON_ERRORS;
  }
}

/** The OpenAPI 3.1 contract of a service, built from its code and its error catalogue. */
export function buildOpenApiDocument(
  app: INestApplication,
  release: ReleaseInfo,
  description: string,
): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(`${release.service} service`)
    .setDescription(
      `${description}\n\nErrors are RFC 9457 problem details (application/problem+json) with a stable \`code\`; each operation lists the codes it may answer.`,
    )
    .setVersion(release.app_version)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  return applyContract(document, errorCatalogueOf(app));
}

/** Builds the document and serves it at /api/docs and /api/docs-json. */
export function setupOpenApi(
  app: INestApplication,
  release: ReleaseInfo,
  description: string,
): OpenAPIObject {
  const document = buildOpenApiDocument(app, release, description);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  return document;
}
