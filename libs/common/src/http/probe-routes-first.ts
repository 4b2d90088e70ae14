import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Application } from 'express';
import { API_PREFIX } from '../openapi/openapi';

/** The routes probes and scrapers call many times a minute, with no parameters. */
export const PROBE_ROUTES = ['version', 'health/live', 'health/ready', 'metrics'].map(
  (route) => `/${API_PREFIX}/${route}`,
);

/** What the Express 5 router keeps per entry of its stack (the `router` package's Layer). */
interface RouterLayer {
  route?: { path: unknown };
  match(path: string): boolean;
}

/**
 * Moves the given literal-path routes in front of the other routes of the Express router, right
 * after the middleware that precedes the first route, so that a probe's lookup tests a handful
 * of layers instead of every route of the service (the router tries the layers in order).
 * A route is moved only when no layer it passes can match its path, so every request is
 * answered by the same handler after the same middleware as before. Call once the application
 * is initialised (all routes registered). Answers the paths moved.
 */
export function probeRoutesFirst(app: Application, paths: readonly string[]): string[] {
  const stack = (app.router as unknown as { stack: RouterLayer[] }).stack;
  const first = stack.findIndex((layer) => layer.route);
  if (first < 0) return [];
  const moved: string[] = [];
  for (const path of paths) {
    const at = stack.findIndex((layer, i) => i >= first && layer.route?.path === path);
    const insertAt = first + moved.length;
    if (at < insertAt) continue;
    let passes = false;
    for (let i = insertAt; i < at && !passes; i += 1) passes = stack[i].match(path);
    if (passes) continue;
    stack.splice(insertAt, 0, ...stack.splice(at, 1));
    moved.push(path);
  }
  return moved;
}

/** Applies `probeRoutesFirst` to the application's router once every route is registered. */
@Injectable()
export class ProbeRoutesFirst implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const app = this.adapterHost.httpAdapter?.getInstance<Application>();
    if (app) probeRoutesFirst(app, PROBE_ROUTES);
  }
}
