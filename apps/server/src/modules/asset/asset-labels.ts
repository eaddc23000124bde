import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { assetConsolePath, type Asset } from '@atrium/contract';
import { collect, findBadgeFonts, type BadgeFonts } from '../visitor/visitor-badge.js';

/**
 * Asset labels as an A4 PDF (decision 0019, "Assets"): 3 x 8 labels of 70 x 37 mm a page (the common
 * 24-up label sheets), each with the asset's QR code (a link to the asset in the console, what a phone
 * opens), its tag in bold, its model and its serial number. Pure: the assets in, the file out.
 */

const pt = (mm: number) => (mm * 72) / 25.4;
const A4 = { width: 210, height: 297 };
const GRID = { columns: 3, rows: 8, width: 70, height: 37 };
/** The sheet's top margin: the rows centred on the page. */
const TOP = (A4.height - GRID.rows * GRID.height) / 2;
const PADDING = 3;
const QR_SIZE = GRID.height - 2 * PADDING;

/** What one label shows, and where its code leads. */
export interface AssetLabel {
  asset: Pick<Asset, 'id' | 'tag' | 'modelName' | 'serial'>;
  /** The console's address the QR code opens (`/deskeeper-assets?asset=<id>`). */
  url: string;
}

/** The label's link for an asset, on the console at `publicUrl`. */
export const assetLabelUrl = (publicUrl: string, assetId: number) => `${publicUrl.replace(/\/$/, '')}${assetConsolePath(assetId)}`;

/** Renders the labels in order, 24 to a page. */
export async function renderAssetLabels(labels: AssetLabel[], fonts: BadgeFonts = findBadgeFonts()): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: 'Asset labels' } });
  doc.registerFont('regular', fonts.regular.src, fonts.regular.family);
  doc.registerFont('bold', fonts.bold.src, fonts.bold.family);
  const done = collect(doc);
  const perPage = GRID.columns * GRID.rows;
  for (const [index, label] of labels.entries()) {
    if (index % perPage === 0) doc.addPage();
    const slot = index % perPage;
    const x = pt(slot % GRID.columns) * GRID.width;
    const y = pt(TOP + Math.floor(slot / GRID.columns) * GRID.height);
    const qr = await QRCode.toBuffer(label.url, { type: 'png', width: 256, margin: 1, errorCorrectionLevel: 'M' });
    doc.image(qr, x + pt(PADDING), y + pt(PADDING), { width: pt(QR_SIZE), height: pt(QR_SIZE) });
    const textX = x + pt(PADDING * 2 + QR_SIZE);
    const width = pt(GRID.width - QR_SIZE - PADDING * 3);
    doc.font('bold').fontSize(12).text(label.asset.tag, textX, y + pt(PADDING + 2), { width, height: pt(8), ellipsis: true, lineBreak: false });
    doc.font('regular').fontSize(8).text(label.asset.modelName, textX, y + pt(PADDING + 11), { width, height: pt(12), ellipsis: true });
    if (label.asset.serial) doc.fontSize(7).text(`S/N ${label.asset.serial}`, textX, y + pt(PADDING + 24), { width, height: pt(5), ellipsis: true, lineBreak: false });
  }
  doc.end();
  return done;
}
