import { Init1778198400000 } from './1778198400000-init';
import { Clubs1778198401000 } from './1778198401000-clubs';
import { LoginBackoff1778198402000 } from './1778198402000-login-backoff';
import { Exercises1778198403000 } from './1778198403000-exercises';
import { Media1778198404000 } from './1778198404000-media';
import { Planning1778198405000 } from './1778198405000-planning';
import { IntegrityRules1778198406000 } from './1778198406000-integrity-rules';
import { Calendar1778198407000 } from './1778198407000-calendar';
import { LoginCountersShared1778198420000 } from './1778198420000-login-counters-shared';
import { WikiImportJobs1778198430000 } from './1778198430000-wiki-import-jobs';
import { MediaRenditions1778198440000 } from './1778198440000-media-renditions';

/** Every migration of the training service, oldest first. */
export const MIGRATIONS = [
  Init1778198400000,
  Clubs1778198401000,
  LoginBackoff1778198402000,
  Exercises1778198403000,
  Media1778198404000,
  Planning1778198405000,
  IntegrityRules1778198406000,
  Calendar1778198407000,
  LoginCountersShared1778198420000,
  WikiImportJobs1778198430000,
  MediaRenditions1778198440000,
];

/** Tables whose presence the readiness probe checks. */
export const CORE_TABLES = ['profiles', 'refresh_tokens', 'clubs', 'club_members'];
