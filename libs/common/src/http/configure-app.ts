import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import type { CommonEnv } from '../config/common-env';
import { requestLogging } from '../observability/logging';
import { HttpDurationMetric } from '../observability/metrics';
import { API_PREFIX, setupOpenApi } from '../openapi/openapi';
import { answerClientErrorsAsProblems } from './client-errors';
import type { ReleaseInfo } from '../versioning/release';
import { parseByteSize } from './request-body';
import { installBodyReader } from './request-body.interceptor';
import { fixedResponseHeaders, requestPipeline } from './response-headers';
import { installResponseSerializer } from './response-serializer';
import { workerRoleRoutes } from './worker-role-routes';

/** HTTP settings shared by the running service and the test harness. */
export function configureApp(
  app: NestExpressApplication,
  options: { release: ReleaseInfo; config: CommonEnv; description: string },
): OpenAPIObject {
  const { release, config } = options;
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  answerClientErrorsAsProblems(app.getHttpServer());
  // One middleware for the fixed headers (helmet's and X-App-Version), the duration metric and
  // the request's log line.
  app.use(
    requestPipeline(
      fixedResponseHeaders(release.app_version),
      requestLogging(
        {
          successSampleRate: config.LOG_SUCCESS_SAMPLE_RATE,
          slowRequestMs: config.LOG_SLOW_REQUEST_MS,
        },
        [app.get(HttpDurationMetric).observe],
      ),
    ),
  );
  if (config.SERVICE_ROLE === 'worker') app.use(workerRoleRoutes);
  // No body parser here: bodies are read after the guards, on the routes that take one.
  installBodyReader(app, parseByteSize(config.BODY_LIMIT));
  if (config.CORS_ORIGINS.length) {
    app.enableCors({
      origin: config.CORS_ORIGINS,
      // Request headers (If-Match among them) are allowed as the preflight asks for them.
      exposedHeaders: ['X-App-Version', 'X-Request-Id', 'Retry-After', 'ETag', 'Location'],
    });
  }
  app.setGlobalPrefix(API_PREFIX);
  const document = setupOpenApi(app, release, options.description);
  if (config.RESPONSE_SERIALIZER === 'schema') installResponseSerializer(app, document);
  return document;
}
