import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Header, Injectable, Module } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { Public } from '../auth/access.decorators';

/** One Prometheus registry per application instance (tests run several in one process). */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }
}

/**
 * The duration of every request under its route pattern (never the raw URL, to bound label
 * values); `observe` is one of the request log's finished-request observers.
 */
@Injectable()
export class HttpDurationMetric {
  constructor(private readonly metrics: MetricsService) {}

  readonly observe = (req: IncomingMessage, res: ServerResponse, elapsedMs: number): void => {
    const { route, baseUrl, method } = req as Request;
    const pattern = (route as { path?: string } | undefined)?.path;
    this.metrics.httpDuration.observe(
      {
        method: method as string,
        route: pattern ? `${baseUrl}${pattern}` : 'unmatched',
        status: String(res.statusCode),
      },
      elapsedMs / 1000,
    );
  };
}

@ApiTags('meta')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Public()
  @Header('Content-Type', 'text/plain; version=0.0.4')
  @ApiOperation({ operationId: 'getMetrics', summary: 'Scrape the Prometheus metrics' })
  @ApiOkResponse({
    description: 'Prometheus text exposition format 0.0.4',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}

@Module({
  controllers: [MetricsController],
  providers: [MetricsService, HttpDurationMetric],
  exports: [MetricsService, HttpDurationMetric],
})
export class MetricsModule {}
