// Image uploads (issue 17, Uploads): one way in for every picture users send — a question's, an answer's, a review's,
// a note's, a report's screenshots, and the chat's. The bytes are checked by what they are (never the name or the
// declared type): JPEG, PNG, WebP or GIF, at most UPLOAD_MAX_BYTES; then re-encoded upright, the long edge at most
// UPLOAD_MAX_EDGE, with no metadata (no EXIF, so no location) — chat/images.ts prepareChatImage does both — and kept
// in the IMAGE_STORE under their sha256. A row of image_upload says who uploaded it, so a post may only carry its
// author's own images (ownedImages). Chat images stay private: purpose chat goes to the chat's own row and address.
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Database } from '@fjt/db';
import {
  ApiError,
  COMMUNITY_MESSAGES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_EDGE,
  UPLOAD_PATH_PATTERN,
  UPLOAD_PATH_PREFIX,
  type UploadPurpose,
} from '@fjt/domain';
import { prepareChatImage } from '../chat/images.ts';
import type { ImageStore } from '../../lib/image-store.ts';

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' } as const;
export const CONTENT_TYPE_OF_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

export interface StoredImage {
  url: string;
  width: number;
  height: number;
  contentType: string;
  hash: string;
  size: number;
}

export interface Uploads {
  /** Checks, re-encodes and stores an image; the stored copy's address and size. Throws ApiError 400 (Chinese). */
  store(data: Buffer): Promise<StoredImage>;
  /** Stores an image for a post of `userId` (any purpose but chat) and records the upload. */
  upload(userId: number, purpose: Exclude<UploadPurpose, 'chat'>, data: Buffer): Promise<StoredImage>;
  /** The bytes and type behind /img/u/<name>, or null. */
  read(name: string): Promise<{ contentType: string; data: Buffer } | null>;
}

export function createUploads({ db, store }: { db: Database; store: ImageStore }): Uploads {
  async function storeImage(data: Buffer): Promise<StoredImage> {
    if (data.length > UPLOAD_MAX_BYTES) throw ApiError.badRequest(COMMUNITY_MESSAGES.uploadTooLarge);
    const image = await prepareChatImage(data, { maxEdge: UPLOAD_MAX_EDGE });
    const hash = createHash('sha256').update(image.data).digest('hex');
    const name = `${hash}.${EXTENSION[image.type]}`;
    await store.put(name, image.data);
    return {
      url: `${UPLOAD_PATH_PREFIX}${name}`,
      width: image.width,
      height: image.height,
      contentType: image.type,
      hash,
      size: image.data.length,
    };
  }
  return {
    store: storeImage,
    async upload(userId, purpose, data) {
      const image = await storeImage(data);
      await db.insert(schema.imageUpload).values({
        userId,
        hash: image.hash,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        size: image.size,
        purpose,
      });
      return image;
    },
    async read(name) {
      const ext = /\.(jpg|png|webp|gif)$/.exec(name)?.[1];
      if (!ext) return null;
      const data = await store.get(name);
      return data ? { contentType: CONTENT_TYPE_OF_EXTENSION[ext]!, data } : null;
    },
  };
}

/**
 * The images of a post, checked: each an /img/u address uploaded by `userId` (400 imageNotYours otherwise), none
 * twice. Returns them in the order given.
 */
export async function ownedImages(
  db: Pick<Database, 'selectDistinct'>,
  userId: number,
  urls: readonly string[],
): Promise<string[]> {
  if (urls.length === 0) return [];
  const unique = [...new Set(urls)];
  if (unique.some((u) => !UPLOAD_PATH_PATTERN.test(u))) throw ApiError.badRequest(COMMUNITY_MESSAGES.imageNotYours);
  const hashes = unique.map((u) => u.slice(UPLOAD_PATH_PREFIX.length, UPLOAD_PATH_PREFIX.length + 64));
  const rows = await db
    .selectDistinct({ hash: schema.imageUpload.hash })
    .from(schema.imageUpload)
    .where(and(eq(schema.imageUpload.userId, userId), inArray(schema.imageUpload.hash, hashes)));
  const mine = new Set(rows.map((r) => r.hash));
  if (hashes.some((h) => !mine.has(h))) throw ApiError.badRequest(COMMUNITY_MESSAGES.imageNotYours);
  return unique;
}
