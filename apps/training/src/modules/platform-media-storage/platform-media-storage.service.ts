import { Injectable } from '@nestjs/common';
import { AuthUser, IfMatch, ValidationFailedError, withEntityTag } from '@sports/common';
import type {
  PlatformMediaStorageResponse,
  UpdatePlatformMediaStorageRequest,
} from './dto/platform-media-storage.dto';
import {
  DEFAULT_SETTING_VERSION,
  PlatformSettingRow,
  PlatformSettingsRepository,
} from './platform-media-storage.repository';
import { DEFAULT_RELATIVE_ROOT, relativeRootProblem } from './relative-root';

const KEY = 'media_storage';

interface MediaStorageSetting {
  relative_root: string;
}

/** The platform's media root below MEDIA_ROOT, set by superadmins; read by the media modules. */
@Injectable()
export class PlatformMediaStorageService {
  constructor(private readonly settings: PlatformSettingsRepository) {}

  /** The relative media root in force (the default while none was set). */
  async relativeRoot(): Promise<string> {
    const row = await this.settings.get<MediaStorageSetting>(KEY);
    const value = row?.value.relative_root;
    return value && relativeRootProblem(value) === null ? value : DEFAULT_RELATIVE_ROOT;
  }

  async get(): Promise<PlatformMediaStorageResponse> {
    return this.toResponse(await this.settings.get<MediaStorageSetting>(KEY));
  }

  /**
   * With If-Match, only the version it names is replaced (412 otherwise, nothing written); the
   * default in force before any was set has the version `DEFAULT_SETTING_VERSION`.
   */
  async update(
    caller: AuthUser,
    input: UpdatePlatformMediaStorageRequest,
    ifMatch?: IfMatch,
  ): Promise<PlatformMediaStorageResponse> {
    const problem = relativeRootProblem(input.relative_root);
    if (problem) {
      throw new ValidationFailedError('relative_root is not a safe relative path.', [
        { path: 'relative_root', message: problem },
      ]);
    }
    const row = await this.settings.put<MediaStorageSetting>(
      KEY,
      { relative_root: input.relative_root },
      caller.id,
      ifMatch,
    );
    return this.toResponse(row);
  }

  private toResponse(
    row: PlatformSettingRow<MediaStorageSetting> | null,
  ): PlatformMediaStorageResponse {
    return withEntityTag(
      {
        relative_root: row?.value.relative_root ?? DEFAULT_RELATIVE_ROOT,
        is_default: !row,
        updated_at: row ? row.updatedAt.toISOString() : null,
        updated_by_profile_id: row?.updatedBy ?? null,
      },
      row?.version ?? DEFAULT_SETTING_VERSION,
    );
  }
}
