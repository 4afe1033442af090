// Photo storage: a folder of DATA_DIR, or an S3 bucket (several instances).
import path from 'node:path';
import { z } from 'zod';
import { booleanFlag, emptyToUndefined, type EnvOf, optionalString, optionalUrl } from './env.ts';

export const storageEnv = {
  STORAGE_DRIVER: z.preprocess(emptyToUndefined, z.enum(['local', 's3']).default('local')),
  S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
};

export function storageSettings(e: EnvOf<typeof storageEnv>, dataDir: string) {
  return {
    driver: e.STORAGE_DRIVER,
    localDir: path.join(dataDir, 'photos'),
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? true,
    },
  };
}
