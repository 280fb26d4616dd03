// The images of a Q&A post, checked: each an /img/u address uploaded by the author (400 imageNotYours otherwise).
// TEMPORARY until the uploads module (ownedImages) lands on main: the same check, on image_upload.
import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Database } from '@fjt/db';
import { ApiError, COMMUNITY_MESSAGES, UPLOAD_PATH_PATTERN, UPLOAD_PATH_PREFIX } from '@fjt/domain';

export async function ownedImages(db: Database, userId: number, urls: readonly string[]): Promise<string[]> {
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
