import type { Env } from '../../env';
import { diskStorage, storageDirOf, type FileStorage } from './file-storage';
import { s3Storage } from './s3-storage';

/**
 * Where uploads live, as the settings choose: an S3 bucket when S3_BUCKET and its keys are set
 * (env.ts checks they come together), else this process's disk (STORAGE_DIR or DATA_DIR/storage),
 * which only one API process can serve.
 */
export function configuredStorage(env: Env): FileStorage {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secret } = env;
  if (!bucket || !accessKeyId || !secret) return diskStorage(storageDirOf(env));
  return s3Storage({
    bucket,
    accessKeyId,
    secretAccessKey: secret,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}
