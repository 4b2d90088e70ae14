import type { ReleaseInfo } from '@sports/common';

/** Release of the health service, as its specification's Versioning section states it. */
export const RELEASE: ReleaseInfo = {
  service: 'health',
  app_version: '0.9q',
  build_date: '2026-04-11',
  schema_version: '20260409c',
};

export const SERVICE_DESCRIPTION =
  'Personal health and fitness tracking: body data, activity, nutrition, CSV import, charts, dashboard and a workflow engine for language-model prompts.';
