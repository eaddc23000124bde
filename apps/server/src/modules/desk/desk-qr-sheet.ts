import PDFDocument from 'pdfkit';
import type { Lang } from '@atrium/contract';
import { collect, findBadgeFonts, type BadgeFonts } from '../visitor/visitor-badge.js';

/**
 * A floor's desk check-in codes on A4 pages (decision 0019, "A sheet of a floor's desk QR codes"):
 * three across and four down, each code with its desk's number under it, to cut out and stick on the
 * desks. Pure: the codes in, the file out.
 */

export interface QrSheetFacts {
  /** Building · floor, printed at the top of each page. */
  title: string;
  /** Each desk's number and its check-in code (PNG), in the order printed. */
  desks: Array<{ number: string; qrPng: Buffer }>;
  lang: Lang;
}

const LABELS: Record<Lang, { heading: string; hint: string; empty: string }> = {
  'en-US': { heading: 'Desk check-in codes', hint: 'Scan to check in', empty: 'This floor has no desks.' },
  'zh-CN': { heading: '工位签到二维码', hint: '扫码签到', empty: '该楼层没有工位。' },
};

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const HEADER = 40;
export const QR_SHEET_COLUMNS = 3;
export const QR_SHEET_ROWS = 4;
const QR_SIZE = 130;

export function renderQrSheet(sheet: QrSheetFacts, fonts: BadgeFonts = findBadgeFonts()): Promise<Buffer> {
  const labels = LABELS[fonts.hasCjk ? sheet.lang : 'en-US'];
  // Laid out by hand: no page margin, so text near the foot never breaks onto a page of its own.
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: `${labels.heading} · ${sheet.title}` } });
  doc.registerFont('regular', fonts.regular.src, fonts.regular.family);
  doc.registerFont('bold', fonts.bold.src, fonts.bold.family);
  const done = collect(doc);
  const perPage = QR_SHEET_COLUMNS * QR_SHEET_ROWS;
  const cellWidth = (PAGE.width - 2 * MARGIN) / QR_SHEET_COLUMNS;
  const cellHeight = (PAGE.height - 2 * MARGIN - HEADER) / QR_SHEET_ROWS;
  const pages = Math.max(1, Math.ceil(sheet.desks.length / perPage));
  for (let page = 0; page < pages; page++) {
    doc.addPage();
    doc.font('bold').fontSize(14).fillColor('#000').text(`${labels.heading} · ${sheet.title}`, MARGIN, MARGIN, { width: PAGE.width - 2 * MARGIN, height: 20, ellipsis: true, lineBreak: false });
    if (sheet.desks.length === 0) doc.font('regular').fontSize(12).text(labels.empty, MARGIN, MARGIN + HEADER);
    sheet.desks.slice(page * perPage, (page + 1) * perPage).forEach((desk, index) => {
      const x = MARGIN + (index % QR_SHEET_COLUMNS) * cellWidth;
      const y = MARGIN + HEADER + Math.floor(index / QR_SHEET_COLUMNS) * cellHeight;
      // A light cutting guide around each code.
      doc.save().lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#bbbbbb').rect(x + 4, y + 4, cellWidth - 8, cellHeight - 8).stroke().restore();
      doc.image(desk.qrPng, x + (cellWidth - QR_SIZE) / 2, y + 14, { width: QR_SIZE, height: QR_SIZE });
      doc.font('bold').fontSize(16).fillColor('#000').text(desk.number, x + 8, y + 14 + QR_SIZE + 6, { width: cellWidth - 16, align: 'center', height: 20, ellipsis: true, lineBreak: false });
      doc.font('regular').fontSize(9).fillColor('#444444').text(labels.hint, x + 8, y + 14 + QR_SIZE + 28, { width: cellWidth - 16, align: 'center', lineBreak: false });
    });
  }
  doc.end();
  return done;
}
