import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded bytes live. Paths are relative, '/'-separated, made by the server. */
export interface FileStorage {
  put(filePath: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(filePath: string): Promise<Buffer | null>;
  delete(filePath: string): Promise<void>;
}

const SAFE_PATH = /^[a-zA-Z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

/** Rejects anything that is not a plain relative path of ours (no '..', no absolute paths). */
export function assertSafePath(filePath: string): void {
  if (
    !SAFE_PATH.test(filePath) ||
    filePath.split('/').some((part) => part === '.' || part === '..')
  ) {
    throw new Error(`unsafe storage path: ${filePath}`);
  }
}

/** The local storage folder: STORAGE_DIR, else DATA_DIR/storage. */
export function storageDirOf(env: { STORAGE_DIR?: string; DATA_DIR: string }): string {
  return path.resolve(env.STORAGE_DIR ?? path.join(env.DATA_DIR, 'storage'));
}

/** Local disk under `root` (default DATA_DIR/storage). */
export function diskStorage(root: string): FileStorage {
  const resolve = (filePath: string) => {
    assertSafePath(filePath);
    return path.join(root, ...filePath.split('/'));
  };
  return {
    async put(filePath, bytes) {
      const target = resolve(filePath);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    },
    async get(filePath) {
      try {
        return await readFile(resolve(filePath));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(filePath) {
      await rm(resolve(filePath), { force: true });
    },
  };
}
