import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express } from 'express';
import { editorHandler } from './editor-static';

/**
 * Serves the workflow editor (apps/workflow-editor/dist) at /editor, outside the /api prefix.
 * The routes are plain Express routes registered after the controllers and before Nest's
 * not-found handler; they are public (static files only) and carry a restrictive CSP.
 */
@Module({})
export class EditorModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const adapter = this.adapterHost.httpAdapter;
    if (!adapter) return;
    const app = adapter.getInstance<Express>();
    app.get(['/editor', '/editor/*splat'], editorHandler());
  }
}
