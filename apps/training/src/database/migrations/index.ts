import { Init1778198400000 } from './1778198400000-init';
import { Clubs1778198401000 } from './1778198401000-clubs';
import { LoginBackoff1778198402000 } from './1778198402000-login-backoff';
import { Exercises1778198403000 } from './1778198403000-exercises';
import { Media1778198404000 } from './1778198404000-media';
import { Planning1778198405000 } from './1778198405000-planning';

/** Every migration of the training service, oldest first. */
export const MIGRATIONS = [
  Init1778198400000,
  Clubs1778198401000,
  LoginBackoff1778198402000,
  Exercises1778198403000,
  Media1778198404000,
  Planning1778198405000,
];

/** Tables whose presence the readiness probe checks. */
export const CORE_TABLES = ['profiles', 'refresh_tokens', 'clubs', 'club_members'];
