import type { ReleaseInfo } from '@sports/common';

/** Release of the training service, as its specification's Versioning section states it. */
export const RELEASE: ReleaseInfo = {
  service: 'training',
  app_version: '0.8.65',
  build_date: '2026-05-08',
  schema_version: '20260508049',
};

export const SERVICE_DESCRIPTION =
  'Multi-tenant training management for sports clubs: profiles, clubs, exercises, media, planning and maturity models.';
