// The label renderer on its own: what a real carrier's label looks like (no sample band), that a
// long address never spills onto a second page or gets cut off, and the barcode in every case.
import { describe, expect, it } from 'vitest';
import { type ShippingAddress, shippingAddressSchema } from '@assay/domain';
import { type LabelDocument, renderLabelPdf } from '../../src/modules/shipping-labels/shipping-labels.pdf.ts';
import { decodeBarcode, readPdf } from '../support/shipping-pdf-reader.ts';

const assay: ShippingAddress = shippingAddressSchema.parse({
  name: 'Assay Receiving',
  line1: '100 Assay Way',
  line2: 'Suite 200',
  city: 'Wilmington',
  state: 'DE',
  postalCode: '19801',
});
const client: ShippingAddress = shippingAddressSchema.parse({
  name: 'José Muñoz',
  line1: '7 Calle Luna',
  city: 'Cataño',
  state: 'PR',
  postalCode: '00962',
});

function label(overrides: Partial<LabelDocument> = {}): LabelDocument {
  return {
    direction: 'inbound',
    trackingNumber: 'ASY4006381333931',
    carrier: 'Assay Sample',
    validForPostage: false,
    insuredValueCents: 1_234_567,
    submissionId: 'a1b2c3d4-0000-4000-8000-00000000abcd',
    sender: client,
    receiver: assay,
    freeReturn: null,
    createdAt: new Date('2026-03-04T05:06:07Z'),
    slip: { sellerName: 'José Muñoz', description: '14k gold ring with a small chip', details: ['Estimated weight: 9.5 grams'] },
    ...overrides,
  };
}

describe('renderLabelPdf', () => {
  it('prints Latin-1 names, and never the value on the outside label', async () => {
    const pdf = await readPdf(await renderLabelPdf(label()));
    expect(pdf.lines).toContain('José Muñoz');
    expect(pdf.lines).toContain('Cataño, PR 00962');
    expect(pdf.lines).toContain('Submission #0000abcd');
    expect(pdf.lines).toContain('Created 2026-03-04');
    expect(pdf.text).not.toMatch(/insured|\$/i);
  });

  it('puts a packing slip on page 2 with the seller, the items and the declared value (thousands)', async () => {
    const pdf = await readPdf(await renderLabelPdf(label()));
    expect(pdf.pages).toBe(2);
    const slip = pdf.pageLines[1]!;
    expect(slip).toEqual(
      expect.arrayContaining([
        'PACKING SLIP',
        'Submission #0000abcd',
        'Seller: José Muñoz',
        'Tracking: ASY4006381333931',
        '14k gold ring with a small chip',
        'Estimated weight: 9.5 grams',
        'Declared insured value: $12,345.67',
      ]),
    );
    expect(slip.join(' ').replace(/\s+/g, ' ')).toContain(
      'Put this slip inside the parcel. Do not write the value on the outside.',
    );
  });

  it('keeps a long description (cut) and characters the PDF fonts lack (as ?) on the one slip page', async () => {
    const description = `Ring 💍 ${'with a long story '.repeat(200)}`;
    const pdf = await readPdf(
      await renderLabelPdf(label({ slip: { sellerName: 'Zoë', description, details: ['Made of: Gold 14K'] } })),
    );
    expect(pdf.pages).toBe(2);
    const slip = pdf.pageLines[1]!.join(' ');
    expect(slip).toContain('Ring ?');
    expect(slip).toContain('…');
    expect(slip).toContain('Made of: Gold 14K');
    expect(slip).toContain('Declared insured value: $12,345.67');
  });

  it('has no sample band on a label that is valid for postage', async () => {
    const bytes = await renderLabelPdf(
      label({ validForPostage: true, carrier: 'Real Carrier', trackingNumber: '9400111899223197428490' }),
    );
    const pdf = await readPdf(bytes);
    expect(pdf.text).not.toContain('NOT VALID FOR POSTAGE');
    expect(pdf.lines.slice(0, 2)).toEqual(['Real Carrier', 'INBOUND']);
    expect(await decodeBarcode(bytes)).toBe('9400111899223197428490');
  });

  it('keeps the longest allowed address whole and on one 4x6 page, with a readable barcode', async () => {
    const long = shippingAddressSchema.parse({
      name: 'N'.repeat(100),
      line1: `${'1234 Extraordinarily Long Street Name '.repeat(2)}Apartment`.slice(0, 100),
      line2: 'Building 7, Floor 12, Suite 1200, c/o The Very Long Company Name Incorporated of America'.slice(0, 100),
      city: 'C'.repeat(60),
      state: 'CA',
      postalCode: '90210-1234',
      phone: '(310) 555-0100',
    });
    const longAssay = { ...assay, name: 'Assay Receiving Department, Precious Metals and Fine Jewelry'.slice(0, 100) };
    const bytes = await renderLabelPdf(label({ direction: 'return', sender: longAssay, receiver: long, freeReturn: true }));
    const pdf = await readPdf(bytes);
    // Page 1 is the label, page 2 the packing slip.
    expect([pdf.pages, pdf.width, pdf.height]).toEqual([2, 288, 432]);
    // Wrapped lines come back as several text items; joined, nothing is missing.
    const joined = pdf.lines.join('');
    expect(joined).toContain('N'.repeat(100));
    expect(joined).toContain(`${'C'.repeat(60)}, CA 90210-1234`);
    expect(pdf.lines.at(-1)).toBe('FREE RETURN SHIPPING — prepaid by Assay');
    expect(pdf.text).not.toContain('Insured');
    expect(await decodeBarcode(bytes)).toBe('ASY4006381333931');
  });

  it('renders a label in a few milliseconds', async () => {
    await renderLabelPdf(label()); // fonts and the barcode encoder load once
    const runs = 20;
    // CPU time, not wall time, so a busy machine running other tests does not fail this.
    const started = process.cpuUsage();
    for (let i = 0; i < runs; i += 1) await renderLabelPdf(label());
    const used = process.cpuUsage(started);
    const perLabel = (used.user + used.system) / 1000 / runs;
    // Typically 3-8 ms here; the bound only catches an accidental slow path (e.g. a huge barcode image).
    expect(perLabel).toBeLessThan(50);
  });
});
