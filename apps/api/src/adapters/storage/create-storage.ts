import type { Config } from '../../config/index.ts';
import { localStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { s3Storage } from './s3-storage.ts';

/** The storage the configuration asks for; config.ts has already checked S3's required settings. */
export function createStorage(config: Config['storage']): ObjectStorage {
  if (config.driver === 's3') {
    const { bucket, accessKeyId, secretAccessKey } = config.s3;
    if (!bucket || !accessKeyId || !secretAccessKey) {
      throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
    }
    return s3Storage({ ...config.s3, bucket, accessKeyId, secretAccessKey });
  }
  return localStorage(config.localDir);
}
