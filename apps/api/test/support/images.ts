// Real image bytes for upload tests, made by sharp: photos with EXIF GPS positions, each format
// we accept, a minimal but well-formed HEIC (HEVC) container, and things we must refuse.
import sharp from 'sharp';

/** A noisy picture, so encoders cannot shrink it to nothing and truncation really cuts pixels. */
function noise(width: number, height: number, channels: 3 | 4 = 3) {
  const data = Buffer.alloc(width * height * channels);
  let x = 12345;
  for (let i = 0; i < data.length; i += 1) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    data[i] = x >> 16;
  }
  return sharp(data, { raw: { width, height, channels } });
}

/** Greenwich, roughly: 51°28'38" N, 0°0'5" W. */
export const GPS_EXIF = {
  IFD0: { Make: 'Assay Test Camera', Model: 'Model GPS', Copyright: 'Someone private' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 28/1 38/1',
    GPSLongitudeRef: 'W',
    GPSLongitude: '0/1 0/1 5/1',
  },
};

/** A 320x200 JPEG with camera and GPS EXIF, tagged orientation 6 (shown rotated 90° clockwise). */
export function jpegWithGps(width = 320, height = 200) {
  return noise(width, height).jpeg({ quality: 90 }).withExif(GPS_EXIF).withMetadata({ orientation: 6 }).toBuffer();
}

export function jpeg(width = 640, height = 480) {
  return noise(width, height).jpeg({ quality: 90 }).toBuffer();
}

/** A PNG with transparency. */
export function pngWithAlpha(width = 300, height = 240) {
  return noise(width, height, 4).png().toBuffer();
}

export function webp(width = 500, height = 500) {
  return noise(width, height).webp({ quality: 80 }).withExif(GPS_EXIF).toBuffer();
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

export const TEXT_FILE = Buffer.from('This is not a photo, only a text file renamed to ring.jpg.\n'.repeat(20));

/** The EXIF GPS IFD pointer tag (0x8825) in either byte order. */
export function hasGpsTag(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const payload = Buffer.concat(parts);
  return Buffer.concat([u32(8 + payload.length), Buffer.from(type, 'latin1'), payload]);
};
const fullBox = (type: string, version: number, ...parts: Buffer[]) => box(type, Buffer.from([version, 0, 0, 0]), ...parts);

/**
 * A well-formed HEIC container (ftyp 'heic', one 'hvc1' item with hvcC and ispe properties) whose
 * coded data is filler. libheif parses it as an HEVC image, so it tells exactly whether this
 * build can decode HEVC: without a decoder it says so, with one it fails on the filler.
 */
export function minimalHeic(width = 64, height = 48): Buffer {
  const coded = Buffer.alloc(256, 7);
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1'));
  const hvcC = box(
    'hvcC',
    Buffer.from([1, 1, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 90, 0xf0, 0, 0xfc, 0xfd, 0xf8, 0xf8, 0, 0, 0x0f, 0]),
  );
  const ispe = fullBox('ispe', 0, u32(width), u32(height));
  const ipma = fullBox('ipma', 0, u32(1), u16(1), Buffer.from([2, 0x81, 0x02]));
  const iprp = box('iprp', box('ipco', hvcC, ispe), ipma);
  const hdlr = fullBox('hdlr', 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), Buffer.from([0]));
  const pitm = fullBox('pitm', 0, u16(1));
  const iinf = fullBox('iinf', 0, u16(1), fullBox('infe', 2, u16(1), u16(0), Buffer.from('hvc1', 'latin1'), Buffer.from([0])));
  const meta = (offset: number) => {
    const iloc = fullBox('iloc', 0, Buffer.from([0x44, 0x00]), u16(1), u16(1), u16(0), u16(1), u32(offset), u32(coded.length));
    return fullBox('meta', 0, hdlr, pitm, iinf, iloc, iprp);
  };
  const offset = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(offset), box('mdat', coded)]);
}

/**
 * A HEIF file branded 'heic' whose image is AV1-coded (an AVIF with its brand changed): file-type
 * calls it HEIC and libheif decodes it without HEVC, so the whole HEIC path can be exercised.
 */
export async function heicBrandedAv1(width = 120, height = 90): Promise<Buffer> {
  const avif = await noise(width, height).avif({ quality: 50 }).toBuffer();
  const copy = Buffer.from(avif);
  copy.write('heic', 8, 'latin1');
  return copy;
}
