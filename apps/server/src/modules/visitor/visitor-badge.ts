import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { BadgeStockName, Lang } from '@atrium/contract';

/**
 * A visitor's badge as a one-page PDF (decision 0018, "Badges"): the visitor's name as large as fits,
 * their company, their host, the visit's time on its place's clock, the pass's QR code and a VIP mark,
 * laid out for one label stock. Pure: the facts in, the file out.
 */

/** What a badge says; times are already on the place's clock. */
export interface BadgeFacts {
  visitorName: string;
  visitorCompany: string | null;
  hostName: string | null;
  /** The visit's day and time as printed, e.g. `2026-12-01 09:30 – 11:30`. */
  when: string;
  isVip: boolean;
  /** The visitor's pass link as a QR code (PNG). */
  qrPng: Buffer;
  /** The visitor's photo (JPEG or PNG) when the visit kept one: printed beside the name where the stock has room. */
  photo?: Buffer | null;
  /** The language of the labels ("Host:"). */
  lang: Lang;
}

/** How a badge prints: the stock, and the printer's calibration, moving everything right and down by mm. */
export interface BadgePrint {
  stock: BadgeStockName;
  offsetMm: { x: number; y: number };
}

/** A font file, and the face to take from it when it is a collection. */
interface FontFace {
  src: string;
  family?: string;
}

/** The faces a badge is set in; without the CJK font only Latin text prints. */
export interface BadgeFonts {
  regular: FontFace;
  bold: FontFace;
  hasCjk: boolean;
}

/** Debian's fonts-noto-cjk: Chinese and Latin in one face, simplified Chinese's glyph forms. */
const NOTO_CJK_DIR = '/usr/share/fonts/opentype/noto';
const NOTO_REGULAR = { src: `${NOTO_CJK_DIR}/NotoSansCJK-Regular.ttc`, family: 'NotoSansCJKsc-Regular' };
const NOTO_BOLD = { src: `${NOTO_CJK_DIR}/NotoSansCJK-Bold.ttc`, family: 'NotoSansCJKsc-Bold' };
/** PDF's built-in faces: Latin text only. */
export const HELVETICA_FONTS: BadgeFonts = { regular: { src: 'Helvetica' }, bold: { src: 'Helvetica-Bold' }, hasCjk: false };

/** The machine's fonts: Noto Sans CJK when installed (the bold face if there is one), else Helvetica. */
export function findBadgeFonts(exists: (path: string) => boolean = existsSync): BadgeFonts {
  if (!exists(NOTO_REGULAR.src)) return HELVETICA_FONTS;
  return { regular: NOTO_REGULAR, bold: exists(NOTO_BOLD.src) ? NOTO_BOLD : NOTO_REGULAR, hasCjk: true };
}

// ---- The stocks ----

/** A region of the label in millimetres from its top-left corner. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where each part of a badge goes on one stock (millimetres) and how large its text is (points). */
interface StockLayout {
  /** The label as it comes out of the printer. */
  page: { width: number; height: number };
  /** The name: the largest size from `maxPt` down to `minPt` at which it fits in two lines. */
  name: Box & { maxPt: number; minPt: number };
  /** Company, host and time under the name, a line each; a line too long shrinks down to `minPt`, then is cut. */
  details: Box & { pt: number; minPt: number };
  /** The QR code (square, its quiet zone included). */
  qr: { x: number; y: number; size: number };
  /** The VIP mark, white on black. */
  vip: Box & { pt: number };
  /** Where a photo goes, left of the name, which then starts after it; null: the stock has no room for one. */
  photo: Box | null;
}

/** Between a photo and the name beside it. */
const PHOTO_GAP_MM = 3;

const LAYOUTS: Record<BadgeStockName, StockLayout> = {
  // Brother QL, 62 mm tape cut at 100 mm, printed landscape.
  ql62x100: {
    page: { width: 100, height: 62 },
    name: { x: 5, y: 5, width: 58, height: 25, maxPt: 28, minPt: 8 },
    details: { x: 5, y: 33, width: 58, height: 24, pt: 11, minPt: 7 },
    qr: { x: 67, y: 5, size: 29 },
    vip: { x: 67, y: 38, width: 29, height: 9, pt: 15 },
    photo: { x: 5, y: 5, width: 20, height: 25 },
  },
  // Dymo 54x25 mm (11352 and alike), landscape: the name first, the code small.
  dymo54x25: {
    page: { width: 54, height: 25 },
    name: { x: 2.5, y: 2, width: 33, height: 11, maxPt: 16, minPt: 5 },
    details: { x: 2.5, y: 13.5, width: 33, height: 10, pt: 6, minPt: 4.5 },
    qr: { x: 37.5, y: 2, size: 15 },
    vip: { x: 37.5, y: 18.5, width: 15, height: 4.5, pt: 7.5 },
    photo: null,
  },
  // A6 sheet (a badge holder's insert), portrait.
  a6: {
    page: { width: 105, height: 148 },
    name: { x: 8, y: 12, width: 89, height: 40, maxPt: 40, minPt: 12 },
    details: { x: 8, y: 55, width: 89, height: 28, pt: 14, minPt: 9 },
    qr: { x: 30.5, y: 86, size: 44 },
    vip: { x: 8, y: 134, width: 89, height: 9, pt: 16 },
    photo: { x: 8, y: 12, width: 30, height: 40 },
  },
};

/** The stock's page in points, width x height, as PDF readers report it. */
export function badgePageSize(stock: BadgeStockName): [number, number] {
  const { page } = LAYOUTS[stock];
  return [pt(page.width), pt(page.height)];
}

const LABELS: Record<Lang, { host: (name: string) => string; vip: string; title: string }> = {
  'en-US': { host: (name) => `Host: ${name}`, vip: 'VIP', title: 'Visitor badge' },
  'zh-CN': { host: (name) => `被访人：${name}`, vip: 'VIP', title: '访客证' },
};

// ---- Drawing ----

/** Millimetres to PDF points. */
const pt = (mm: number) => (mm * 72) / 25.4;
/** The name breaks onto at most this many lines. */
const NAME_LINES_MAX = 2;
const SHRINK_STEP_PT = 0.5;

type Doc = PDFKit.PDFDocument;

/** Renders a visit's badge on a stock, moved by the printer's offset. */
export function renderBadge(badge: BadgeFacts, print: BadgePrint, fonts: BadgeFonts = findBadgeFonts()): Promise<Buffer> {
  const layout = LAYOUTS[print.stock];
  // Chinese labels need the CJK font; without it the labels are English.
  const labels = LABELS[fonts.hasCjk ? badge.lang : 'en-US'];
  const doc = new PDFDocument({ size: badgePageSize(print.stock), margin: 0, info: { Title: labels.title } });
  doc.registerFont('regular', fonts.regular.src, fonts.regular.family);
  doc.registerFont('bold', fonts.bold.src, fonts.bold.family);
  const done = collect(doc);

  doc.translate(pt(print.offsetMm.x), pt(print.offsetMm.y));
  let nameBox = layout.name;
  if (badge.photo && layout.photo) {
    const box = layout.photo;
    doc.image(badge.photo, pt(box.x), pt(box.y), { fit: [pt(box.width), pt(box.height)], align: 'center', valign: 'center' });
    const shift = box.x + box.width + PHOTO_GAP_MM - layout.name.x;
    nameBox = { ...layout.name, x: layout.name.x + shift, width: layout.name.width - shift };
  }
  drawName(doc, badge.visitorName, nameBox);
  drawDetails(doc, [badge.visitorCompany, badge.hostName === null ? null : labels.host(badge.hostName), badge.when], layout.details);
  doc.image(badge.qrPng, pt(layout.qr.x), pt(layout.qr.y), { width: pt(layout.qr.size), height: pt(layout.qr.size) });
  if (badge.isVip) drawVip(doc, labels.vip, layout.vip);
  doc.end();
  return done;
}

/** The document's bytes once it has ended. */
export function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * The name in bold, the largest size at which it fits the box in two lines, centred in the box's height;
 * below the smallest size it is cut with an ellipsis.
 */
function drawName(doc: Doc, name: string, box: StockLayout['name']): void {
  const width = pt(box.width);
  doc.font('bold');
  let size = box.maxPt;
  while (size > box.minPt && !fitsName(doc.fontSize(size), name, width, pt(box.height))) size -= SHRINK_STEP_PT;
  doc.fontSize(size);
  const height = Math.min(pt(box.height), NAME_LINES_MAX * doc.currentLineHeight(true));
  const used = Math.min(height, doc.heightOfString(name, { width, lineGap: 0 }));
  doc.text(name, pt(box.x), pt(box.y) + (pt(box.height) - used) / 2, { width, height, lineGap: 0, ellipsis: true });
}

function fitsName(doc: Doc, name: string, width: number, height: number): boolean {
  const textHeight = doc.heightOfString(name, { width, lineGap: 0 });
  return textHeight <= height && Math.round(textHeight / doc.currentLineHeight(true)) <= NAME_LINES_MAX;
}

/** One line per fact given, from the top of the box: each as large as `pt`, smaller if too long, cut below `minPt`. */
function drawDetails(doc: Doc, lines: Array<string | null>, box: StockLayout['details']): void {
  const width = pt(box.width);
  let y = pt(box.y);
  doc.font('regular');
  for (const line of lines) {
    if (!line) continue;
    doc.fontSize(box.pt);
    const size = Math.max(box.minPt, Math.min(box.pt, (box.pt * width) / doc.widthOfString(line)));
    doc.fontSize(size);
    // Line heights come from the base size so the lines keep one rhythm.
    doc.text(line, pt(box.x), y, { width, height: doc.currentLineHeight(true), lineGap: 0, ellipsis: true });
    y += doc.fontSize(box.pt).currentLineHeight(true);
  }
}

/** White on a black, rounded band: reads on monochrome thermal labels. */
function drawVip(doc: Doc, label: string, box: StockLayout['vip']): void {
  const [x, y, width, height] = [pt(box.x), pt(box.y), pt(box.width), pt(box.height)];
  doc.roundedRect(x, y, width, height, Math.min(height / 4, pt(1.5))).fill('#000');
  doc.font('bold').fontSize(box.pt).fillColor('#fff');
  const lineHeight = doc.currentLineHeight(true);
  doc.text(label, x, y + (height - lineHeight) / 2, { width, height: lineHeight, align: 'center', lineGap: 0 });
  doc.fillColor('#000');
}
