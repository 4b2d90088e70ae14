import type { CommonEnv } from '../config/common-env';
import { LocalStorageDriver } from './local-storage.driver';
import { S3StorageDriver } from './s3-storage.driver';
import type { StorageDriver } from './storage-driver';

/** What a service configures for one storage (its own env names map onto this). */
export interface StorageSettings {
  driver: 'local' | 's3';
  /** Absolute folder of the local driver, and of the staging files with either driver. */
  root: string;
  s3: {
    endpoint?: string;
    bucket?: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
}

/** The S3 settings of a service's environment (the same S3_* names in every service). */
export function s3SettingsOf(config: CommonEnv): StorageSettings['s3'] {
  return {
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** The local folder or the S3-compatible bucket of `settings`. */
export function createStorageDriver(settings: StorageSettings): StorageDriver {
  if (settings.driver === 's3') {
    if (!settings.s3.bucket) throw new Error('the S3 storage driver needs S3_BUCKET');
    return new S3StorageDriver({ ...settings.s3, bucket: settings.s3.bucket });
  }
  return new LocalStorageDriver(settings.root);
}
