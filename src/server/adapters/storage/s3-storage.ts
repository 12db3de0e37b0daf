import type * as S3Sdk from '@aws-sdk/client-s3';
import { assertSafePath, type FileStorage } from './file-storage';

export interface S3Settings {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** An S3-compatible service's address (MinIO, R2, ...); AWS itself when undefined. */
  endpoint?: string;
  /** Bucket in the path (http://host/bucket/key), as most S3-compatible services need. */
  forcePathStyle: boolean;
}

/**
 * Files in an S3 bucket, under the same relative paths as on disk: every API process reads
 * what any other stored.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  // The SDK takes ~0.3 s to load: only at the first file, not at every start-up.
  let connected: Promise<{ s3: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((s3) => ({ s3, client: newClient(s3) })));
  const newClient = (s3: typeof S3Sdk) =>
    new s3.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // Checksums only where S3 demands them: many S3-compatible services refuse or ignore the
      // newer default checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const object = (filePath: string) => {
    assertSafePath(filePath);
    return { Bucket: settings.bucket, Key: filePath };
  };
  return {
    async put(filePath, bytes) {
      const { s3, client } = await connect();
      await client.send(new s3.PutObjectCommand({ ...object(filePath), Body: bytes }));
    },
    async get(filePath) {
      const { s3, client } = await connect();
      try {
        const { Body } = await client.send(new s3.GetObjectCommand(object(filePath)));
        return Body ? Buffer.from(await Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof s3.NoSuchKey) return null;
        throw error;
      }
    },
    async delete(filePath) {
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand(object(filePath)));
    },
  };
}
