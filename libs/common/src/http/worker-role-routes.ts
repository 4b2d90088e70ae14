import type { NextFunction, Request, Response } from 'express';
import { PROBLEM_CONTENT_TYPE, problemType } from '../errors/problem-details';

/** What a worker process (SERVICE_ROLE=worker) answers: probes, metrics scrapes, its version. */
const WORKER_ROUTES = /^\/api\/(health|metrics|version)(\/|$)/;

/**
 * Middleware of a worker process: every other route answers 404 NOT_FOUND, so a worker that
 * gets API traffic by mistake (a Service selecting it) says so instead of serving it.
 */
export function workerRoleRoutes(req: Request, res: Response, next: NextFunction): void {
  if (WORKER_ROUTES.test(req.path)) return next();
  res
    .status(404)
    .type(PROBLEM_CONTENT_TYPE)
    .send(
      JSON.stringify({
        type: problemType('NOT_FOUND'),
        title: 'Not Found',
        status: 404,
        detail:
          'This process runs background jobs (SERVICE_ROLE=worker); the API is served by the api processes.',
        code: 'NOT_FOUND',
      }),
    );
}
