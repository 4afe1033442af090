// The printable check (issue 12 item 4): one US letter page in the "check on top" voucher layout.
// The top third is the check, the middle third the remittance stub the seller keeps, the bottom
// third Assay's file copy; the perforations of the stock fall between them.
//
// No bank account or MICR line is printed, on purpose: the page goes on the bank's own check stock,
// which carries the account, routing and pre-printed check number in magnetic ink. What is printed
// here fills in that stock. Pure: facts in, PDF bytes out.
import PDFDocument from 'pdfkit';
import { addressLines, checkDateText, checkStubLines, type CheckStubFacts, type ShippingAddress } from '@assay/domain';

export interface CheckDocument extends CheckStubFacts {
  /** The example business of demo and development (config.business.example): marked, so no one banks it. */
  sample: boolean;
  /** Who pays: config.business, printed top left of the check. */
  drawer: { legalName: string; addressLines: string[] };
  mailingAddress: ShippingAddress;
}

export const SAMPLE_CHECK_MARKING = 'EXAMPLE BUSINESS: NOT A CHECK';

/** US letter in PDF points (72 per inch), cut into three 3.5-inch panels. */
export const LETTER_WIDTH_PT = 612;
export const LETTER_HEIGHT_PT = 792;
const PANEL = 252;
const LEFT = 36;
const RIGHT = LETTER_WIDTH_PT - 36;
const WIDTH = RIGHT - LEFT;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/**
 * Where the payee's address sits for a standard double-window check envelope (#9/#10, check on
 * top): its window spans about 0.6-4.1 inches from the left and 1.9-2.8 inches from the top of the
 * folded check.
 */
const WINDOW = { x: 54, y: 142, width: 252 };

/**
 * The standard PDF fonts draw only Windows-1252; anything else a person typed (other scripts,
 * emoji) prints as "?" instead of as garbage.
 */
function windows1252(text: string): string {
  return [...text].map((ch) => (/^[\x20-\x7e\xa0-\xff‘’“”–—…•]$/u.test(ch) ? ch : '?')).join('');
}

/** One line, shrunk down to 7 pt if it is too wide, never wrapped. */
function line(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, size: number, font = REGULAR) {
  const safe = windows1252(text);
  let fitted = size;
  doc.font(font);
  while (fitted > 7 && doc.fontSize(fitted).widthOfString(safe) > width) fitted -= 0.5;
  doc.fontSize(fitted).text(safe, x, y, { width, lineBreak: false, ellipsis: true });
}

function underline(doc: PDFKit.PDFDocument, x1: number, x2: number, y: number) {
  doc.save().lineWidth(0.5).moveTo(x1, y).lineTo(x2, y).stroke().restore();
}

function perforation(doc: PDFKit.PDFDocument, y: number) {
  doc.save().lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#888888').moveTo(0, y).lineTo(LETTER_WIDTH_PT, y).stroke();
  doc.undash().restore();
}

function checkPanel(doc: PDFKit.PDFDocument, check: CheckDocument) {
  const lines = checkStubLines(check);
  line(doc, check.drawer.legalName, LEFT, 28, 300, 11, BOLD);
  check.drawer.addressLines.forEach((text, i) => line(doc, text, LEFT, 43 + i * 11, 300, 8.5));

  line(doc, `No. ${check.checkNumber}`, RIGHT - 150, 28, 150, 12, BOLD);
  doc
    .font(REGULAR)
    .fontSize(8)
    .text('DATE', RIGHT - 150, 56, { lineBreak: false });
  line(doc, checkDateText(check.date), RIGHT - 118, 54, 118, 10);
  underline(doc, RIGHT - 120, RIGHT, 66);

  doc.font(REGULAR).fontSize(7).text('PAY TO THE', LEFT, 88, { lineBreak: false });
  doc.font(REGULAR).fontSize(7).text('ORDER OF', LEFT, 96, { lineBreak: false });
  line(doc, check.payee, LEFT + 58, 91, 330, 12, BOLD);
  underline(doc, LEFT + 56, RIGHT - 130, 106);
  doc
    .save()
    .lineWidth(1)
    .rect(RIGHT - 118, 84, 118, 24)
    .stroke()
    .restore();
  line(doc, `$${lines.figures}`, RIGHT - 112, 91, 106, 12, BOLD);

  line(doc, `${lines.words} ${'*'.repeat(6)}`, LEFT, 116, WIDTH - 10, 10.5, BOLD);
  underline(doc, LEFT, RIGHT, 129);

  addressLines(check.mailingAddress).forEach((text, i) =>
    line(doc, text, WINDOW.x, WINDOW.y + i * 13, WINDOW.width, 10.5, i === 0 ? BOLD : REGULAR),
  );

  if (check.sample) {
    doc
      .save()
      .rect(RIGHT - 220, 150, 220, 40)
      .fill('#000000')
      .restore();
    doc.save().fillColor('#ffffff');
    line(doc, SAMPLE_CHECK_MARKING, RIGHT - 212, 164, 204, 11, BOLD);
    doc.restore();
  }

  doc.font(REGULAR).fontSize(8).text('MEMO', LEFT, 224, { lineBreak: false });
  line(doc, lines.memo, LEFT + 32, 222, 220, 10);
  underline(doc, LEFT + 30, LEFT + 260, 234);
  underline(doc, RIGHT - 220, RIGHT, 226);
  doc
    .font(REGULAR)
    .fontSize(7)
    .text('AUTHORIZED SIGNATURE', RIGHT - 220, 230, { width: 220, align: 'center', lineBreak: false });
}

function stubPanel(doc: PDFKit.PDFDocument, check: CheckDocument, top: number, heading: string) {
  const lines = checkStubLines(check);
  line(doc, heading, LEFT, top + 24, WIDTH, 11, BOLD);
  line(doc, `From ${check.drawer.legalName}`, LEFT, top + 40, WIDTH, 9);
  underline(doc, LEFT, RIGHT, top + 54);
  lines.remittance.forEach(([label, value], i) => {
    const y = top + 64 + i * 18;
    const last = i === lines.remittance.length - 1;
    line(doc, label, LEFT, y, 180, 10, last ? BOLD : REGULAR);
    line(doc, value, LEFT + 190, y, WIDTH - 190, 10, last ? BOLD : REGULAR);
  });
}

export async function renderCheckPdf(check: CheckDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    info: {
      Title: `Check ${check.checkNumber}`,
      Author: check.drawer.legalName,
      Subject: `Submission ${check.submissionShortId}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  checkPanel(doc, check);
  perforation(doc, PANEL);
  stubPanel(doc, check, PANEL, 'REMITTANCE: keep this part for your records');
  perforation(doc, 2 * PANEL);
  stubPanel(doc, check, 2 * PANEL, `FILE COPY: check ${check.checkNumber}`);

  doc.end();
  return done;
}
