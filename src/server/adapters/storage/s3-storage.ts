import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
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
  const client = new S3Client({
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
      await client.send(new PutObjectCommand({ ...object(filePath), Body: bytes }));
    },
    async get(filePath) {
      try {
        const { Body } = await client.send(new GetObjectCommand(object(filePath)));
        return Body ? Buffer.from(await Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(filePath) {
      await client.send(new DeleteObjectCommand(object(filePath)));
    },
  };
}
