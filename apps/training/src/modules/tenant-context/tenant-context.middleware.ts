import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { TenantContextService } from './tenant-context.service';

/** Opens the per-request scope that `TenantContextService.current()` reads. */
@Injectable()
export class TenantContextMiddleware implements NestMiddleware {
  constructor(private readonly tenants: TenantContextService) {}

  use(_req: Request, _res: Response, next: NextFunction): void {
    this.tenants.runInScope(next);
  }
}
