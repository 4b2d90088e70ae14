/** What a service release states about itself; `GET /api/version` answers it. */
export interface ReleaseInfo {
  service: string;
  app_version: string;
  build_date: string;
  schema_version: string;
}

export const RELEASE_INFO = Symbol('RELEASE_INFO');
