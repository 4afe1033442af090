import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoItemKind, demoPhotoSvg, type DemoItemKind } from './demo-photo-art.ts';
import { demoSubmissions } from './demo.service.ts';

describe('the demo photos', () => {
  it('draw what each sample submission describes', () => {
    const kinds = demoSubmissions('client', 'admin').submissions.map((s) => [s.description, demoItemKind(s.description)]);
    expect(Object.fromEntries(kinds)).toEqual({
      '14k yellow gold rope chain, 22 inches, clasp intact': 'chain',
      'Broken sterling silver flatware, 6 pieces': 'flatware',
      'Loose round brilliant diamond with GIA report': 'diamond',
      '18k white gold engagement ring with 0.5 ct center stone': 'ring',
      'Ten 1 oz American Gold Eagle coins': 'coins',
      '10k gold class ring, 2009, blue stone': 'ring',
      'Dental gold and broken 10k earrings': 'scrap-gold',
      'Vintage platinum brooch with sapphires': 'brooch',
      'Sterling silver charm bracelet': 'bracelet',
    });
  });

  it.each<DemoItemKind>(['chain', 'flatware', 'diamond', 'ring', 'coins', 'scrap-gold', 'brooch', 'bracelet'])(
    'render %s as two different 800 px pictures',
    async (kind) => {
      const [whole, detail] = await Promise.all(
        ([0, 1] as const).map((view) =>
          sharp(Buffer.from(demoPhotoSvg(kind, view)))
            .raw()
            .toBuffer({ resolveWithObject: true }),
        ),
      );
      expect(whole!.info).toMatchObject({ width: 800, height: 800 });
      expect(whole!.data.equals(detail!.data)).toBe(false);
    },
  );
});
