// Reads a label PDF back the way a person and a scanner would: its text (pdf.js), its page size,
// and its barcode (rendered at 300 dpi by poppler's pdftoppm, decoded by ZXing).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';

const run = promisify(execFile);
// pdf.js reads the metrics of the 14 standard PDF fonts (the label uses Helvetica) from here.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export interface PdfReadBack {
  pages: number;
  /** Page 1 size in points. */
  width: number;
  height: number;
  /** Every text item of page 1, in drawing order. */
  lines: string[];
  text: string;
  /** The text items of every page (page 2 is the packing slip). */
  pageLines: string[][];
}

export async function readPdf(pdf: Buffer): Promise<PdfReadBack> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, disableFontFace: true, standardFontDataUrl })
    .promise;
  try {
    const page = await doc.getPage(1);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const pageLines: string[][] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const content = await (await doc.getPage(n)).getTextContent();
      pageLines.push(content.items.map((item) => ('str' in item ? item.str : '')).filter((s) => s.trim() !== ''));
    }
    const lines = pageLines[0] ?? [];
    return { pages: doc.numPages, width: x1 - x0, height: y1 - y0, lines, text: lines.join('\n'), pageLines };
  } finally {
    await doc.destroy();
  }
}

/** The Code 128 barcode on page 1, decoded from a 300 dpi rendering. */
export async function decodeBarcode(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-label-'));
  try {
    const file = path.join(dir, 'label.pdf');
    writeFileSync(file, pdf);
    await run('pdftoppm', ['-r', '300', '-png', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
    const png = readFileSync(path.join(dir, 'page-1.png'));
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const luminance = new RGBLuminanceSource(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      info.width,
      info.height,
    );
    const reader = new MultiFormatReader();
    const hints = new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
      [DecodeHintType.TRY_HARDER, true],
    ]);
    const result = reader.decode(new BinaryBitmap(new HybridBinarizer(luminance)), hints);
    if (result.getBarcodeFormat() !== BarcodeFormat.CODE_128) throw new Error('Not a Code 128 barcode');
    return result.getText();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
