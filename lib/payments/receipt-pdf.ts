/** The receipt as a PDF (pdfkit), with the full Inter fonts embedded so every payer's and company's name renders in all five languages' scripts. */
import path from 'node:path';
import type { Receipt } from './receipt';

/**
 * Google's full Inter TTFs (@expo-google-fonts/inter: Latin, Latin-ext, Cyrillic, Greek; the site's web
 * subsets split those across files and lack glyphs). pdfkit embeds the glyphs used, as a subset.
 */
const FONTS = path.join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules', '@expo-google-fonts', 'inter');
const REGULAR = path.join(FONTS, '400Regular', 'Inter_400Regular.ttf');
const BOLD = path.join(FONTS, '600SemiBold', 'Inter_600SemiBold.ttf');

const INK = '#111a33';
const MUTED = '#434c66';
const BRAND = '#1c42b8';
const LINE = '#d9deea';

/** An A4 page: the issuer and the payee, the amount, the rows, the test note and the footer. */
/** pdfkit (and its font engine) loads with the first receipt, not with the payments door (the CLI, every route). */
export async function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: receipt.locale,
    info: { Title: `${receipt.title} ${receipt.reference}`, Author: receipt.issuer.name, Subject: receipt.payee.name, Creator: 'Billme' },
    displayTitle: true,
    pdfVersion: '1.7',
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('bold').fontSize(22).fillColor(BRAND).text('Billme', left, 56);
  doc.font('bold').fontSize(18).fillColor(INK).text(`${receipt.title} ${receipt.reference}`, left, 56, { width, align: 'right' });
  doc.moveDown(1.2);

  // The two parties side by side.
  const top = doc.y;
  const column = (width - 24) / 2;
  const party = (x: number, p: Receipt['issuer']) => {
    doc.font('regular').fontSize(9).fillColor(MUTED).text(p.label.toLocaleUpperCase(receipt.locale), x, top, { width: column });
    doc.font('bold').fontSize(11).fillColor(INK).text(p.name, x, doc.y + 2, { width: column });
    for (const line of p.lines) doc.font('regular').fontSize(9).fillColor(line.known ? INK : MUTED).text(`${line.label}: ${line.value}`, x, doc.y + 1, { width: column });
    return doc.y;
  };
  const bottom = Math.max(party(left, receipt.issuer), party(left + column + 24, receipt.payee));

  doc.font('bold').fontSize(28).fillColor(INK).text(receipt.amount, left, bottom + 24, { width });
  doc.font('regular').fontSize(11).fillColor(MUTED).text(`${receipt.status} · ${receipt.date}`, { width });
  doc.moveDown(1);

  for (const row of receipt.rows) {
    const y = doc.y;
    doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor(LINE).stroke();
    doc.font('regular').fontSize(10).fillColor(MUTED).text(row.label, left, y + 6, { width: width * 0.35 });
    const labelBottom = doc.y;
    doc.font('bold').fontSize(10).fillColor(INK).text(row.value, left + width * 0.38, y + 6, { width: width * 0.62, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 6;
  }
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor(LINE).stroke();
  doc.moveDown(1);
  if (receipt.test) doc.font('bold').fontSize(10).fillColor('#8a4b00').text(receipt.test, left, doc.y, { width });
  doc.moveDown(0.5);
  doc.font('regular').fontSize(9).fillColor(MUTED).text(receipt.footer, left, doc.y, { width });
  doc.text(`${receipt.paymentId}`, { width });
  doc.end();
  return done;
}
