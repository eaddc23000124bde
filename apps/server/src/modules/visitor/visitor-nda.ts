import PDFDocument from 'pdfkit';
import type { Lang } from '@atrium/contract';
import { collect, findBadgeFonts, type BadgeFonts } from './visitor-badge.js';

/** What a signed agreement's copy records. */
export interface SignedNda {
  companyName: string;
  place: string | null;
  visitorName: string;
  visitorCompany: string | null;
  hostName: string | null;
  /** The visit's time, written on its place's clock. */
  visitTime: string;
  /** The agreement as the visitor read it. */
  text: string;
  /** The name the visitor typed to sign, and when, written on the place's clock with its zone. */
  signedName: string;
  signedAtText: string;
  /** Where it was signed: on the visitor's own pass (their phone), or at a kiosk (its name). */
  signedOn: 'pass' | { kiosk: string };
  visitId: number;
  lang: Lang;
}

const LABELS = {
  'en-US': {
    title: 'Non-disclosure agreement',
    visitor: 'Visitor',
    host: 'Host',
    visit: 'Visit',
    place: 'Place',
    signed: 'Signed electronically',
    signedBy: (name: string) => `Signed by typing the name: ${name}`,
    at: (when: string) => `On: ${when}`,
    onPass: 'Where: on the visitor’s own device, from their visit link',
    atKiosk: (kiosk: string) => `Where: at the visitor kiosk “${kiosk}”`,
    reference: (id: number) => `Visit reference: ${id}`,
  },
  'zh-CN': {
    title: '保密协议',
    visitor: '访客',
    host: '被访人',
    visit: '来访时间',
    place: '位置',
    signed: '电子签署',
    signedBy: (name: string) => `签署人（输入的姓名）：${name}`,
    at: (when: string) => `签署时间：${when}`,
    onPass: '签署方式：访客通过本人的来访链接在自己的设备上签署',
    atKiosk: (kiosk: string) => `签署方式：在访客机“${kiosk}”上签署`,
    reference: (id: number) => `来访编号：${id}`,
  },
} as const;

/** A4 with 20 mm margins, in points. */
const MARGIN = 57;

/**
 * The signed copy of a visit's non-disclosure agreement (decision 0018, "What a visitor does before
 * check-in"): an A4 PDF with the company, the visit, the agreement's text as the visitor read it, and
 * the signature: the name they typed, when and where. Labels in the visitor's language (English where
 * the machine has no CJK font); the text and names print in the CJK face when there is one.
 */
export function renderSignedNda(nda: SignedNda, fonts: BadgeFonts = findBadgeFonts()): Promise<Buffer> {
  const labels = LABELS[fonts.hasCjk ? nda.lang : 'en-US'];
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${labels.title} · ${nda.visitorName}`, Author: nda.companyName } });
  doc.registerFont('regular', fonts.regular.src, fonts.regular.family);
  doc.registerFont('bold', fonts.bold.src, fonts.bold.family);
  const done = collect(doc);
  const width = doc.page.width - 2 * MARGIN;

  doc.font('bold').fontSize(18).text(labels.title, { width });
  doc.font('regular').fontSize(11).fillColor('#555').text(nda.companyName, { width });
  doc.moveDown();
  doc.fillColor('#000').fontSize(10);
  const facts: Array<[string, string | null]> = [
    [labels.visitor, nda.visitorCompany ? `${nda.visitorName} (${nda.visitorCompany})` : nda.visitorName],
    [labels.host, nda.hostName],
    [labels.place, nda.place],
    [labels.visit, nda.visitTime],
  ];
  for (const [label, value] of facts) {
    if (value) doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value, { width });
  }
  doc.moveDown();
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).strokeColor('#999').stroke();
  doc.moveDown();
  doc.font('regular').fontSize(11).text(nda.text, { width, align: 'left', lineGap: 2 });
  doc.moveDown(2);
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).strokeColor('#999').stroke();
  doc.moveDown();
  doc.font('bold').fontSize(11).text(labels.signed, { width });
  doc.font('regular').fontSize(10);
  doc.text(labels.signedBy(nda.signedName), { width });
  doc.text(labels.at(nda.signedAtText), { width });
  doc.text(nda.signedOn === 'pass' ? labels.onPass : labels.atKiosk(nda.signedOn.kiosk), { width });
  doc.fillColor('#555').text(labels.reference(nda.visitId), { width });
  doc.end();
  return done;
}
