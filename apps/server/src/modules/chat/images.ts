// What an uploaded chat image is, read from its bytes (never from the name or the declared type): JPEG, PNG, WebP or
// GIF, and its width and height from the header. Anything else, or a header that does not parse, is no image.
// prepareChatImage then makes what is stored of it (docs/chat-protocol.md, Images): turned upright by its EXIF
// orientation, the long edge at most CHAT_IMAGE_MAX_EDGE, re-encoded in its own format without any metadata.
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  ApiError,
  CHAT_IMAGE_MAX_EDGE,
  CHAT_IMAGE_MAX_PIXELS,
  CHAT_MESSAGES,
  type CHAT_IMAGE_TYPES,
} from '@fjt/domain';

export type ChatImageType = (typeof CHAT_IMAGE_TYPES)[number];

export interface SniffedImage {
  type: ChatImageType;
  width: number;
  height: number;
}

const MAX_SIDE = 30_000;

function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    // padding and markers without a length
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    // start of frame (baseline, progressive …; not DHT 0xc4, JPG 0xc8, DAC 0xcc)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}

export function sniffImage(b: Buffer): SniffedImage | null {
  let found: SniffedImage | null = null;
  if (b.length >= 24 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    if (b.toString('latin1', 12, 16) === 'IHDR') {
      found = { type: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
    }
  } else if (b.length >= 10 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')) {
    found = { type: 'image/gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  } else if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    const size = jpegSize(b);
    if (size) found = { type: 'image/jpeg', ...size };
  } else if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8X') {
      found = { type: 'image/webp', width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
    } else if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
      found = { type: 'image/webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    } else if (chunk === 'VP8L' && b[20] === 0x2f) {
      const bits = b.readUInt32LE(21);
      found = { type: 'image/webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
  }
  if (!found) return null;
  const sane = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_SIDE;
  return sane(found.width) && sane(found.height) ? found : null;
}

export interface PreparedImage {
  type: ChatImageType;
  /** The stored image's size (after rotating and resizing; one frame's, for an animation). */
  width: number;
  height: number;
  data: Buffer;
}

// Every upload is a new image: libvips' operation cache would only hold memory for results never asked for again.
sharp.cache(false);

/** Images converted at once: each may hold up to CHAT_IMAGE_MAX_PIXELS decoded, so a burst of uploads queues. */
const CONVERSIONS_AT_ONCE = 2;
let converting = 0;
const queued: (() => void)[] = [];

async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  // a finished conversion hands its slot straight to the next in line, so `converting` never overshoots
  if (converting < CONVERSIONS_AT_ONCE) converting++;
  else await new Promise<void>((resolve) => queued.push(resolve));
  try {
    return await work();
  } finally {
    const next = queued.shift();
    if (next) next();
    else converting--;
  }
}

/**
 * Re-encoding keeps the format the user sent (JPEG stays JPEG, PNG stays PNG: screenshots keep sharp text and
 * transparency, and every client shows what it could show before) — only smaller and without metadata.
 */
function encode(image: Sharp, type: ChatImageType): Sharp {
  switch (type) {
    case 'image/jpeg':
      return image.jpeg({ quality: 82 });
    case 'image/png':
      return image.png();
    case 'image/webp':
      return image.webp({ quality: 82 });
    case 'image/gif':
      return image.gif();
  }
}

const pixelsRefused = () => ApiError.badRequest(CHAT_MESSAGES.imagePixels);
const notAnImage = () => ApiError.badRequest(CHAT_MESSAGES.imageType);

/**
 * What is stored of an upload: upright (EXIF orientation applied), the long edge at most CHAT_IMAGE_MAX_EDGE (never
 * enlarged), re-encoded in its own format with no metadata left (no EXIF, so no GPS position; sharp writes none
 * unless asked, and converts colour to sRGB first). An animated GIF or WebP stays animated, every frame resized.
 * Refuses (400, Chinese) what is no JPEG/PNG/WebP/GIF by its bytes or does not decode, and whatever would decode to
 * more than `maxPixels` (all frames together) — checked from the headers before anything is decoded.
 */
export async function prepareChatImage(
  data: Buffer,
  { maxPixels = CHAT_IMAGE_MAX_PIXELS, maxEdge = CHAT_IMAGE_MAX_EDGE }: { maxPixels?: number; maxEdge?: number } = {},
): Promise<PreparedImage> {
  const sniffed = sniffImage(data);
  if (!sniffed) throw notAnImage();
  // the cheapest check first: one frame's size from the header we have read already
  if (sniffed.width * sniffed.height > maxPixels) throw pixelsRefused();
  const animated = sniffed.type === 'image/gif' || sniffed.type === 'image/webp';
  const input = () =>
    sharp(data, {
      animated,
      // libvips refuses by itself to decode more than this: the guard should a header understate the image
      limitInputPixels: maxPixels,
      // tolerate what phones write (a stray warning, a few bytes short), refuse what does not decode
      failOn: 'error',
    });
  return oneOfFew(async () => {
    let metadata: Metadata;
    try {
      metadata = await input().metadata();
    } catch (error) {
      throw refusalOf(error);
    }
    // with `animated`, height is every frame stacked: the pixels all of them decode to
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPixels) throw pixelsRefused();
    try {
      const resized = input().autoOrient().resize({
        width: maxEdge,
        height: maxEdge,
        fit: 'inside',
        withoutEnlargement: true,
      });
      const { data: out, info } = await encode(resized, sniffed.type).toBuffer({ resolveWithObject: true });
      return { type: sniffed.type, width: info.width, height: info.pageHeight ?? info.height, data: out };
    } catch (error) {
      throw refusalOf(error);
    }
  });
}

/** libvips' pixel limit is the decompression-bomb refusal; any other failure means the bytes do not decode. */
function refusalOf(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : '';
  return /pixel limit/i.test(message) ? pixelsRefused() : notAnImage();
}
