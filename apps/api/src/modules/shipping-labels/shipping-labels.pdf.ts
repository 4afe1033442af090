// The 4x6 inch label (DECISIONS "Shipping labels"): sender and receiver, a Code 128 barcode of
// the tracking number with the number printed under it, the submission's short id and the
// carrier. A label that is not valid for postage says so in a black band across it, so nobody
// mistakes a sample for paid postage. The insured value is never on the outside of a parcel
// (DECISIONS "The honest offer"): it is declared to the carrier and printed on page 2, a packing
// slip that goes inside the parcel. Pure: label data in, PDF bytes out.
import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';
import {
  addressLines,
  formatCents,
  type LabelDirection,
  returnShippingText,
  SAMPLE_LABEL_MARKING,
  type ShippingAddress,
  shortId,
} from '@assay/domain';

export interface LabelDocument {
  direction: LabelDirection;
  trackingNumber: string;
  carrier: string;
  validForPostage: boolean;
  insuredValueCents: number;
  submissionId: string;
  sender: ShippingAddress;
  receiver: ShippingAddress;
  /** Return labels: whether Assay pays the trip back. */
  freeReturn: boolean | null;
  createdAt: Date;
  /**
   * Which parcel this is when the submission's worth ships as several ("Parcel 2 of 3"), so each
   * slip goes in its own box; null (or absent) for a submission of one parcel.
   */
  parcel?: { number: number; count: number } | null;
  /** Page 2, the packing slip that goes inside the parcel. */
  slip: PackingSlip;
  /**
   * The carrier's own 4x6 label (a PNG), when a real carrier gave one: page 1 is then that image,
   * as the carrier made it (its barcode and postage are what gets scanned). Null: we draw page 1.
   */
  carrierImage?: Buffer | null;
  /**
   * What the parcel is, when it is not a submission's: a melt lot's label says "TO REFINER" in its
   * header, "Melt lot LOT-0001" where a submission's number goes, and its refiner where the slip
   * names the seller. Unset: the submission's, as above.
   */
  reference?: { heading: string; line: string; slipOwner: string } | null;
}

export interface PackingSlip {
  /** The seller the items belong to. */
  sellerName: string;
  /** The items as the seller described them. */
  description: string;
  /** "Estimated weight: 9.5 grams", "Made of: Gold 14K"... one line each. */
  details: string[];
}

export const PACKING_SLIP_INSTRUCTION = 'Put this slip inside the parcel. Do not write the value on the outside.';
/** A description longer than this is cut on the slip (it is the seller's own text; the full one is online). */
const SLIP_DESCRIPTION_CHARS = 600;

/** 4 x 6 inches in PDF points (72 per inch). */
export const LABEL_WIDTH_PT = 288;
export const LABEL_HEIGHT_PT = 432;
const MARGIN = 12;
const INNER = LABEL_WIDTH_PT - 2 * MARGIN;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/**
 * bwip-js pixels per barcode module. The PNG is one strip of bars scaled up to the label (PDF
 * images are not smoothed unless asked), so a small image is as sharp as a big one and far
 * quicker to make: the whole label renders in a few milliseconds.
 */
const BARCODE_PX_PER_MODULE = 2;
/** At most this wide a module (1.5 pt = 21 mil, well inside what handheld scanners read). */
const MAX_MODULE_PT = 1.5;
const BARCODE_HEIGHT_PT = 64;
const MIN_BARCODE_HEIGHT_PT = 32;
/** What is printed under the bars: the number, short id, carrier and date. */
const FOOTER_HEIGHT_PT = 96;
const RETURN_TERMS_HEIGHT_PT = 24;

function pngSize(png: Buffer): { width: number; height: number } {
  // The IHDR chunk always comes first: width and height are big-endian at bytes 16 and 20.
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function barcodePng(trackingNumber: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text: trackingNumber,
    scaleX: BARCODE_PX_PER_MODULE,
    scaleY: 1,
    // Millimetres: only a thin strip, stretched to BARCODE_HEIGHT_PT on the label.
    height: 2,
    includetext: false,
  });
}

/**
 * Writes one line at the largest size up to `size` that fits the width (down to `minSize`); an
 * address is never cut off: a line still too long at the smallest size wraps. Answers the new y.
 */
function fitLine(
  doc: PDFKit.PDFDocument,
  text: string,
  y: number,
  opts: { size: number; minSize?: number; font?: string; x?: number; width?: number; align?: 'left' | 'center' },
) {
  const x = opts.x ?? MARGIN;
  const width = opts.width ?? INNER;
  const font = opts.font ?? REGULAR;
  doc.font(font);
  let size = opts.size;
  const minSize = opts.minSize ?? Math.min(size, 7);
  while (size > minSize && doc.fontSize(size).widthOfString(text) > width) size -= 0.5;
  doc.fontSize(size);
  const textWidth = doc.widthOfString(text);
  if (textWidth <= width) {
    // One line: placed directly, which skips pdfkit's line wrapper (most of the rendering time).
    const left = opts.align === 'center' ? x + (width - textWidth) / 2 : x;
    doc.text(text, left, y, { lineBreak: false });
    return y + doc.currentLineHeight(true);
  }
  const height = doc.heightOfString(text, { width });
  doc.text(text, x, y, { width, align: opts.align ?? 'left', lineGap: 0 });
  return y + height;
}

function rule(doc: PDFKit.PDFDocument, y: number, weight = 1) {
  doc
    .save()
    .lineWidth(weight)
    .moveTo(MARGIN, y)
    .lineTo(LABEL_WIDTH_PT - MARGIN, y)
    .stroke()
    .restore();
}

function band(doc: PDFKit.PDFDocument, text: string, y: number, height: number) {
  doc.save().rect(MARGIN, y, INNER, height).fill('#000000').restore();
  doc.save().fillColor('#ffffff');
  fitLine(doc, text, y + (height - 10) / 2, { size: 10, font: BOLD, x: MARGIN + 4, width: INNER - 8, align: 'center' });
  doc.restore();
  return y + height;
}

function addressBlock(doc: PDFKit.PDFDocument, heading: string, address: ShippingAddress, y: number, big: boolean) {
  y = fitLine(doc, heading, y, { size: 7, font: BOLD });
  y += 2;
  const [name, ...rest] = addressLines(address);
  y = fitLine(doc, big ? name!.toUpperCase() : name!, y, { size: big ? 13 : 9, font: BOLD });
  for (const line of rest) {
    y = fitLine(doc, big ? line.toUpperCase() : line, y + 1, { size: big ? 12 : 9, font: big ? BOLD : REGULAR });
  }
  if (address.phone) y = fitLine(doc, address.phone, y + 1, { size: big ? 9 : 8 });
  return y;
}

export async function renderLabelPdf(label: LabelDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [LABEL_WIDTH_PT, LABEL_HEIGHT_PT],
    margin: 0,
    info: {
      Title: `Shipping label ${label.trackingNumber}`,
      Author: 'Assay',
      Subject: label.reference?.line ?? `Submission ${shortId(label.submissionId)}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  if (label.carrierImage) {
    // Fitted to the page and centred: a 4x6 image fills it exactly, anything else keeps its shape.
    doc.image(label.carrierImage, 0, 0, { fit: [LABEL_WIDTH_PT, LABEL_HEIGHT_PT], align: 'center', valign: 'center' });
  } else {
    await drawLabel(doc, label);
  }

  packingSlipPage(doc, label);
  doc.end();
  return done;
}

/** Page 1 as we draw it (the sample carrier, or a carrier that gave no image). */
async function drawLabel(doc: PDFKit.PDFDocument, label: LabelDocument) {
  const png = await barcodePng(label.trackingNumber);
  // Header: carrier and direction.
  doc
    .font(BOLD)
    .fontSize(12)
    .text(label.carrier, MARGIN, MARGIN, { width: INNER * 0.65, lineBreak: false });
  doc
    .font(BOLD)
    .fontSize(12)
    .text(label.reference?.heading ?? (label.direction === 'return' ? 'RETURN' : 'INBOUND'), MARGIN, MARGIN, {
      width: INNER,
      align: 'right',
      lineBreak: false,
    });
  let y = MARGIN + 18;
  rule(doc, y, 1.5);
  y += 4;

  if (!label.validForPostage) y = band(doc, SAMPLE_LABEL_MARKING, y, 20) + 6;

  y = addressBlock(doc, 'FROM:', label.sender, y, false) + 6;
  rule(doc, y);
  y += 6;
  y = addressBlock(doc, 'SHIP TO:', label.receiver, y, true) + 8;
  rule(doc, y, 1.5);
  y += 10;

  // Barcode, scaled to the label width at most MAX_MODULE_PT per module, centred. Very long
  // addresses take height from the bars (never below MIN_BARCODE_HEIGHT_PT), so the label always
  // stays on one page.
  const size = pngSize(png);
  const modules = size.width / BARCODE_PX_PER_MODULE;
  const barcodeWidth = Math.min(INNER, modules * MAX_MODULE_PT);
  const returning = label.direction === 'return' && !label.reference;
  const footer = FOOTER_HEIGHT_PT + (returning ? RETURN_TERMS_HEIGHT_PT : 0);
  const barcodeHeight = Math.max(MIN_BARCODE_HEIGHT_PT, Math.min(BARCODE_HEIGHT_PT, LABEL_HEIGHT_PT - MARGIN - footer - y));
  doc.image(png, (LABEL_WIDTH_PT - barcodeWidth) / 2, y, { width: barcodeWidth, height: barcodeHeight });
  y += barcodeHeight + 4;
  y = fitLine(doc, label.trackingNumber, y, { size: 11, font: BOLD, align: 'center' }) + 6;
  rule(doc, y);
  y += 6;

  y = fitLine(doc, referenceLine(label), y, { size: 10, font: BOLD });
  y = fitLine(doc, `Carrier: ${label.carrier}`, y + 2, { size: 8 });
  y = fitLine(doc, `Created ${label.createdAt.toISOString().slice(0, 10)}`, y + 1, { size: 8 });
  if (returning) {
    y += 6;
    const terms = returnShippingText(label.freeReturn === true);
    if (label.freeReturn) band(doc, terms, y, 18);
    else fitLine(doc, terms, y, { size: 10, font: BOLD });
  }
}

/**
 * The standard PDF fonts only draw Windows-1252; the seller's own text may hold anything else
 * (emoji, other scripts), which is shown as "?" rather than as garbage.
 */
function printable(text: string): string {
  return text.replace(/[^\n\x20-\x7e\xa0-\xff‘’“”–—…•€]/gu, '?');
}

/** "Parcel 2 of 3": the parcel's place among the submission's. */
export function parcelOfText(parcel: { number: number; count: number }): string {
  return `Parcel ${parcel.number} of ${parcel.count}`;
}

const parcelSuffix = (label: LabelDocument) => (label.parcel ? `, ${parcelOfText(label.parcel)}` : '');
const referenceLine = (label: LabelDocument) =>
  label.reference?.line ?? `Submission #${shortId(label.submissionId)}${parcelSuffix(label)}`;

function packingSlipPage(doc: PDFKit.PDFDocument, label: LabelDocument) {
  doc.addPage({ size: [LABEL_WIDTH_PT, LABEL_HEIGHT_PT], margin: 0 });
  let y = MARGIN;
  y = fitLine(doc, 'PACKING SLIP', y, { size: 14, font: BOLD });
  y = fitLine(doc, 'Goes inside the parcel, with the items', y + 1, { size: 9 }) + 4;
  rule(doc, y, 1.5);
  y += 8;
  y = fitLine(doc, label.reference?.line ?? `Submission #${shortId(label.submissionId)}`, y, { size: 12, font: BOLD });
  if (label.parcel) y = fitLine(doc, parcelOfText(label.parcel), y + 2, { size: 12, font: BOLD });
  y = fitLine(doc, printable(label.reference?.slipOwner ?? `Seller: ${label.slip.sellerName}`), y + 3, { size: 10 });
  y = fitLine(doc, `Tracking: ${label.trackingNumber}`, y + 2, { size: 9 }) + 6;
  rule(doc, y);
  y += 8;
  y = fitLine(doc, 'ITEMS', y, { size: 8, font: BOLD }) + 2;
  const description = label.slip.description.trim();
  const cut = description.length > SLIP_DESCRIPTION_CHARS ? `${description.slice(0, SLIP_DESCRIPTION_CHARS - 1)}…` : description;
  doc.font(REGULAR).fontSize(9);
  const text = printable(cut);
  const height = doc.heightOfString(text, { width: INNER });
  doc.text(text, MARGIN, y, { width: INNER, lineGap: 0 });
  y += height + 4;
  for (const line of label.slip.details) y = fitLine(doc, printable(line), y + 1, { size: 9 });
  y += 8;
  rule(doc, y);
  y += 8;
  y = fitLine(doc, `Declared insured value: ${formatCents(label.insuredValueCents)}`, y, { size: 11, font: BOLD }) + 8;
  // The instruction in white on black at the foot of the slip, wrapped over two lines.
  const boxHeight = 44;
  const top = Math.max(y, LABEL_HEIGHT_PT - MARGIN - boxHeight);
  doc.save().rect(MARGIN, top, INNER, boxHeight).fill('#000000').restore();
  doc.save().fillColor('#ffffff').font(BOLD).fontSize(11);
  const width = INNER - 16;
  const textHeight = doc.heightOfString(PACKING_SLIP_INSTRUCTION, { width, align: 'center' });
  doc.text(PACKING_SLIP_INSTRUCTION, MARGIN + 8, top + (boxHeight - textHeight) / 2, { width, align: 'center', lineGap: 0 });
  doc.restore();
}
