// What an uploaded chat image is, read from its bytes (never from the name or the declared type): JPEG, PNG, WebP or
// GIF, and its width and height from the header. Anything else, or a header that does not parse, is no image.
import type { CHAT_IMAGE_TYPES } from '@fjt/domain';

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
