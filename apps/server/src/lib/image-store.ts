// Where uploaded images live (issue 17, Uploads): content-addressed — an image's name is the sha256 of its stored
// bytes and its extension — so the same picture uploaded twice is one file, a name never changes what it shows, and
// /img/u/<name> may be cached for good. IMAGE_STORE is the interface: files on this machine (IMAGE_DIR, by default
// `images` beside the embedded database's DATA_DIR), or memory (tests). An object store (S3, OSS, COS) implements
// the same two calls; with several machines behind one address, that is what they must share.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export interface ImageStore {
  /** Stores `data` as `name` (<sha256>.<ext>); storing a name that exists already changes nothing. */
  put(name: string, data: Buffer): Promise<void>;
  /** The bytes of `name`, or null. */
  get(name: string): Promise<Buffer | null>;
}

/** The name of stored bytes: <sha256 hex>.<ext>. */
export const IMAGE_NAME = /^([0-9a-f]{64})\.(jpg|png|webp|gif)$/;

export function fileImageStore(dir: string): ImageStore {
  const root = resolve(dir);
  // two levels of fan-out by the hash's first characters, so no directory grows to millions of entries
  const pathOf = (name: string) => join(root, name.slice(0, 2), name.slice(2, 4), name);
  return {
    async put(name, data) {
      if (!IMAGE_NAME.test(name)) throw new Error(`not an image name: ${name}`);
      const path = pathOf(name);
      await mkdir(dirname(path), { recursive: true });
      // written beside and renamed: a reader never sees half a file, and two writers of one name both succeed
      const tmp = `${path}.${randomUUID()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, path);
    },
    async get(name) {
      if (!IMAGE_NAME.test(name)) return null;
      try {
        return await readFile(pathOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

export function memoryImageStore(): ImageStore {
  const files = new Map<string, Buffer>();
  return {
    put: async (name, data) => void files.set(name, data),
    get: async (name) => files.get(name) ?? null,
  };
}

/**
 * The store of the settings: IMAGE_STORE memory, or files in IMAGE_DIR (default: `images` beside DATA_DIR). Tests
 * that give no DATA_DIR get memory.
 */
export function imageStoreOf(env: {
  IMAGE_STORE?: 'file' | 'memory';
  IMAGE_DIR?: string;
  DATA_DIR?: string;
}): ImageStore {
  if (env.IMAGE_STORE === 'memory') return memoryImageStore();
  const dir =
    env.IMAGE_DIR ?? (env.DATA_DIR && !env.DATA_DIR.startsWith('memory:') ? join(env.DATA_DIR, '..', 'images') : null);
  return dir ? fileImageStore(dir) : memoryImageStore();
}
