import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../test/s3-server';
import { testEnv } from '../../test/test-app';
import { configuredStorage } from './configured-storage';
import type { FileStorage } from './file-storage';

describe('S3 storage (against an S3-compatible server)', () => {
  let s3: S3Server;
  let storage: FileStorage;
  beforeAll(async () => {
    s3 = await startS3Server();
    storage = configuredStorage(testEnv(s3.env));
  });
  afterAll(async () => {
    await s3.close();
  });

  it('keeps bytes under their path until deleted, and knows when a file is missing', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x7f, 0x80]);
    await storage.put('owner-1/avatars/photo.jpg', bytes);
    expect(await storage.get('owner-1/avatars/photo.jpg')).toEqual(bytes);
    expect(await storage.get('owner-1/avatars/other.jpg')).toBeNull();
    await storage.delete('owner-1/avatars/photo.jpg');
    expect(await storage.get('owner-1/avatars/photo.jpg')).toBeNull();
  });

  it('refuses paths the server did not make', async () => {
    await expect(storage.put('../escape.jpg', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(storage.get('/absolute/path.jpg')).rejects.toThrow(/unsafe/);
  });
});
