// What happens to a photo's bytes before anyone sees them (DECISIONS "Photos"): the type is read
// from the bytes (never the name or the Content-Type header), then the image is decoded and
// re-encoded by sharp, turned upright by its EXIF orientation, with ALL metadata left behind (GPS
// position, camera serial numbers, comments) and a thumbnail beside it. Re-encoding also means
// that what we store and serve is an image we produced, not bytes a stranger crafted.
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type SharpOptions } from 'sharp';
import { uploadMessages } from '@assay/domain';
import { AppError } from '../../lib/app-error.ts';

/** The longest side of a stored photo; plenty to judge a hallmark, small enough to load fast. */
export const MAX_PHOTO_DIMENSION = 3000;
/** The longest side of a thumbnail (cards show two side by side). */
export const THUMBNAIL_DIMENSION = 400;
/** Decompression bombs stop here: 64 megapixels is above any phone's default photo. */
export const MAX_INPUT_PIXELS = 64_000_000;

export const PHOTO_CONTENT_TYPE = 'image/jpeg';
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';

type AcceptedKind = 'jpeg' | 'png' | 'webp' | 'heic';
const acceptedByExtension: Record<string, AcceptedKind> = { jpg: 'jpeg', png: 'png', webp: 'webp', heic: 'heic' };

/**
 * Whether this sharp build decodes HEIC (HEVC inside HEIF). sharp's prebuilt binaries carry
 * libheif for AVIF only: HEVC is patent-encumbered and left out, so this is false on a stock
 * install and true with a libvips built against libde265.
 */
export const HEIC_DECODABLE = sharp.format.heif?.input.fileSuffix?.includes('.heic') ?? false;

export interface ProcessedPhoto {
  photo: { data: Buffer; contentType: string; width: number; height: number };
  thumbnail: { data: Buffer; contentType: string; width: number; height: number };
}

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.unsupportedType);
const unreadable = () => new AppError('BAD_REQUEST', uploadMessages.unreadable);

// sharp works in libuv's thread pool; a few photos at a time keep memory bounded when many
// people upload at once (each decode of a 48 MP photo needs ~150 MB).
const MAX_CONCURRENT = 3;
let active = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (active >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  active += 1;
  try {
    return await work();
  } finally {
    active -= 1;
    waiting.shift()?.();
  }
}

/** The accepted kind of an image, judged by its first bytes only; null for anything else. */
export async function sniffPhotoKind(bytes: Buffer): Promise<AcceptedKind | null> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type) return null; // SVG, text, HTML: file-type recognises no binary format in them.
  return acceptedByExtension[type.ext] ?? null;
}

/**
 * Checks and re-encodes one uploaded photo. Throws AppError: 415 for anything but JPEG, PNG,
 * WebP or HEIC (and for HEIC this server cannot decode), 400 for a photo that cannot be read
 * (truncated, corrupt) or is absurdly large in pixels.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const kind = await sniffPhotoKind(bytes);
  if (!kind) throw unsupported();
  return withSlot(async () => {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
    try {
      const input = await openPhoto(bytes, kind, options);
      const meta = await input.clone().metadata();
      if (!meta.width || !meta.height) throw unreadable();
      if (meta.width * meta.height > MAX_INPUT_PIXELS) {
        throw new AppError('BAD_REQUEST', uploadMessages.tooManyPixels);
      }
      const photo = await input
        .rotate() // upright by EXIF orientation, before the orientation tag is dropped with the rest
        .resize({ width: MAX_PHOTO_DIMENSION, height: MAX_PHOTO_DIMENSION, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' }) // JPEG has no transparency: PNG cut-outs go on white
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      const thumbnail = await sharp(photo.data)
        .resize({ width: THUMBNAIL_DIMENSION, height: THUMBNAIL_DIMENSION, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      // sharp writes no metadata unless asked (no withMetadata/keepExif here): EXIF, GPS, XMP,
      // IPTC and comments of the original are all gone, and colours are converted to sRGB.
      return {
        photo: { data: photo.data, contentType: PHOTO_CONTENT_TYPE, width: photo.info.width, height: photo.info.height },
        thumbnail: {
          data: thumbnail.data,
          contentType: THUMBNAIL_CONTENT_TYPE,
          width: thumbnail.info.width,
          height: thumbnail.info.height,
        },
      };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unreadable();
    }
  });
}

/**
 * sharp reads everything it can (JPEG, PNG, WebP, AV1-coded HEIF); an HEVC-coded HEIC, the
 * iPhone's format, goes through libheif instead when this sharp build lacks HEVC.
 */
async function openPhoto(bytes: Buffer, kind: AcceptedKind, options: SharpOptions) {
  const viaSharp = sharp(bytes, options);
  if (kind !== 'heic' || HEIC_DECODABLE) return viaSharp;
  try {
    await viaSharp.clone().stats();
    return viaSharp;
  } catch {
    return decodeHeic(bytes);
  }
}

/**
 * sharp's prebuilt libvips has no HEVC decoder (patents), so iPhone HEIC photos are decoded by
 * libheif compiled to WebAssembly (heic-decode) and handed to sharp as raw RGBA pixels. libheif
 * applies the file's rotation itself, and raw pixels carry no metadata to strip.
 */
async function decodeHeic(bytes: Buffer) {
  const { default: decode } = await import('heic-decode');
  const images = await decode.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) throw unreadable();
    if (first.width * first.height > MAX_INPUT_PIXELS) throw new AppError('BAD_REQUEST', uploadMessages.tooManyPixels);
    const { width, height, data } = await first.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  } finally {
    images.dispose();
  }
}
