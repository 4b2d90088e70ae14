import type { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { COMMON_ERRORS, ERROR_CATALOGUE, ErrorCatalogue } from '../errors/error-catalogue';
import { ENTITY_TAG_EXTENSION, ETAG_DESCRIPTION } from '../concurrency/conditional-routes';
import type { ReleaseInfo } from '../versioning/release';
import { applyContract } from './contract-document';

export { openApiJson } from './openapi-json';

/** The service's error catalogue as its module registered it (common codes only without one). */
export function errorCatalogueOf(app: INestApplication): ErrorCatalogue {
  try {
    return app.get<ErrorCatalogue>(ERROR_CATALOGUE, { strict: false });
  } catch {
    return COMMON_ERRORS;
  }
}

/** Prefix of every route; the document's paths include it. */
export const API_PREFIX = 'api';

/** Builds the OpenAPI 3.1 contract and serves it at /api/docs and /api/docs-json. */
export function setupOpenApi(
  app: INestApplication,
  release: ReleaseInfo,
  description: string,
): OpenAPIObject {
  const document = buildOpenApiDocument(app, release, description);
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, {
    jsonDocumentUrl: `${API_PREFIX}/docs-json`,
  });
  return document;
}

/**
 * The OpenAPI document of an application whose global prefix is set: the one function behind
 * both the served /api/docs-json and the committed apps/<service>/openapi.json.
 */
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
    .addServer('/', 'The service itself (paths start with /api)')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const contract = applyContract(document, errorCatalogueOf(app));
  declareEntityTags(contract);
  return contract;
}

/**
 * The document of a service without starting it: the module graph is scanned in preview mode
 * (no provider is instantiated, so no database, Redis or job queue is reached).
 * `pnpm openapi:write` writes it to apps/<service>/openapi.json.
 */
export async function generateOpenApiDocument(options: {
  module: DynamicModule;
  release: ReleaseInfo;
  description: string;
}): Promise<OpenAPIObject> {
  const app = await NestFactory.create(options.module, {
    preview: true,
    abortOnError: false,
    logger: false,
    bodyParser: false,
  });
  try {
    app.setGlobalPrefix(API_PREFIX);
    return buildOpenApiDocument(app, options.release, options.description);
  } finally {
    await app.close();
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
