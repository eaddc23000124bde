import { localDateTime } from '@atrium/contract';

/** `2026-12-01 09:30 – 11:30`: a visit's time on its place's clock (mails name the zone after it; a badge does not). */
export function visitTimeText(visitAt: number, expectedEndAt: number, zone: string | null): string {
  return `${localDateTime(visitAt, zone)} – ${localDateTime(expectedEndAt, zone).slice(11)}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What an invitation says: the visit's facts in its place's local time. */
export interface InvitationFacts {
  companyName: string;
  visitorName: string;
  hostName: string | null;
  place: string | null;
  zone: string | null;
  reason: string;
  visitAt: number;
  expectedEndAt: number;
  /** The pass page's address, with the signed token after `#`. */
  link: string;
  /** The content id of the QR code picture in the HTML part. */
  qrCid: string;
}

interface Text {
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  qrLine: string;
}

function texts(f: InvitationFacts): { en: Text; zh: Text } {
  const day = localDateTime(f.visitAt, f.zone).slice(0, 10);
  const when = `${visitTimeText(f.visitAt, f.expectedEndAt, f.zone)}${f.zone ? ` (${f.zone})` : ''}`;
  return {
    en: {
      subject: `Your visit to ${f.companyName} on ${day}`,
      greeting: `Hello ${f.visitorName},`,
      lines: [
        `${f.hostName ?? f.companyName} invites you to ${f.companyName}.`,
        `When: ${when}`,
        ...(f.place ? [`Where: ${f.place}`] : []),
        `Reason: ${f.reason}`,
      ],
      action: 'Please confirm your visit and check your details on your visitor pass:',
      qrLine: 'Show this code at reception when you arrive.',
    },
    zh: {
      subject: `您于 ${day} 到访${f.companyName}的邀请`,
      greeting: `${f.visitorName}，您好：`,
      lines: [`${f.hostName ?? f.companyName} 邀请您到访${f.companyName}。`, `时间：${when}`, ...(f.place ? [`位置：${f.place}`] : []), `来访事由：${f.reason}`],
      action: '请在访客通行证页面确认来访并核对您的信息：',
      qrLine: '到达时请向前台出示此二维码。',
    },
  };
}

/**
 * The invitation to a visitor, English first then Chinese (the visitor has no account, so no stored
 * language; the pass page lets them choose). The HTML part shows the QR code once, between the two.
 */
export function visitInvitationMail(f: InvitationFacts) {
  const { en, zh } = texts(f);
  const plain = (t: Text) => [t.greeting, '', ...t.lines, '', t.action, f.link, '', t.qrLine];
  const html = (t: Text) => [
    `<p>${escapeHtml(t.greeting)}</p>`,
    ...t.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(t.action)}<br><a href="${escapeHtml(f.link)}">${escapeHtml(f.link)}</a></p>`,
  ];
  return {
    subject: `${en.subject} / ${zh.subject}`,
    text: [...plain(en), '', '---', '', ...plain(zh), ''].join('\n'),
    html: [
      ...html(en),
      `<p><img src="cid:${f.qrCid}" width="240" height="240" alt="QR"></p>`,
      `<p>${escapeHtml(en.qrLine)}<br>${escapeHtml(zh.qrLine)}</p>`,
      '<hr>',
      ...html(zh),
    ].join('\n'),
  };
}

/** What the host is told when their visitor checks in. */
export interface ArrivalFacts {
  visitorName: string;
  visitorCompany: string | null;
  place: string | null;
  zone: string | null;
  checkedInAt: number;
  /** The visit's page in the console. */
  link: string;
}

/** To the host: their visitor has checked in (English then Chinese, as the booking mails). */
export function visitorArrivedMail(f: ArrivalFacts) {
  const who = f.visitorCompany ? `${f.visitorName} (${f.visitorCompany})` : f.visitorName;
  const at = `${localDateTime(f.checkedInAt, f.zone).slice(11)}${f.zone ? ` (${f.zone})` : ''}`;
  const en = [`Your visitor ${who} has arrived${f.place ? ` at ${f.place}` : ''}.`, `Checked in at ${at}.`, 'The visit:'];
  const zh = [`您的访客 ${who} 已到达${f.place ? ` ${f.place}` : ''}。`, `签到时间：${at}。`, '来访记录：'];
  const html = (lines: string[]) => [...lines.slice(0, -1).map((line) => `<p>${escapeHtml(line)}</p>`), `<p>${escapeHtml(lines.at(-1)!)} <a href="${escapeHtml(f.link)}">${escapeHtml(f.link)}</a></p>`];
  return {
    subject: `Your visitor ${f.visitorName} has arrived / 您的访客 ${f.visitorName} 已到达`,
    text: [...en, f.link, '', '---', '', ...zh, f.link, ''].join('\n'),
    html: [...html(en), '<hr>', ...html(zh)].join('\n'),
  };
}

/** What a host is told of a walk-in waiting for them. */
export interface ApplicationFacts {
  visitorName: string;
  visitorCompany: string | null;
  place: string | null;
  reason: string;
  /** The applications page in the console. */
  link: string;
}

/** To the host: a walk-in registered and waits for their approval (English then Chinese). */
export function visitApplicationMail(f: ApplicationFacts) {
  const who = f.visitorCompany ? `${f.visitorName} (${f.visitorCompany})` : f.visitorName;
  const en = [`${who} is${f.place ? ` at ${f.place}` : ' here'} and asks to visit you.`, `Reason: ${f.reason}`, 'Approve or reject the visit:'];
  const zh = [`${who} 已到达${f.place ? ` ${f.place}` : ''}，申请拜访您。`, `来访事由：${f.reason}`, '请批准或拒绝本次来访：'];
  const html = (lines: string[]) => [...lines.slice(0, -1).map((line) => `<p>${escapeHtml(line)}</p>`), `<p>${escapeHtml(lines.at(-1)!)} <a href="${escapeHtml(f.link)}">${escapeHtml(f.link)}</a></p>`];
  return {
    subject: `${f.visitorName} asks to visit you / ${f.visitorName} 申请拜访您`,
    text: [...en, f.link, '', '---', '', ...zh, f.link, ''].join('\n'),
    html: [...html(en), '<hr>', ...html(zh)].join('\n'),
  };
}

/** What a walk-in is told of their host's decision. */
export interface DecisionFacts {
  companyName: string;
  visitorName: string;
  hostName: string | null;
  approved: boolean;
  /** A rejection's reason. */
  reason: string | null;
  /** Approved: the pass page's address with its signed token; the QR code picture's content id. */
  link: string | null;
  qrCid: string;
}

/** To the visitor: their visit was approved (with their pass) or not (with the reason), English then Chinese. */
export function visitDecisionMail(f: DecisionFacts) {
  const host = f.hostName ?? f.companyName;
  const en = f.approved
    ? [`Hello ${f.visitorName},`, `${host} has approved your visit to ${f.companyName}.`, 'Your visitor pass (show its code at reception or the kiosk):']
    : [`Hello ${f.visitorName},`, `${host} could not approve your visit to ${f.companyName}.`, `Reason: ${f.reason ?? ''}`];
  const zh = f.approved
    ? [`${f.visitorName}，您好：`, `${host} 已批准您到访${f.companyName}。`, '您的访客通行证（请在前台或访客机出示二维码）：']
    : [`${f.visitorName}，您好：`, `${host} 未能批准您到访${f.companyName}。`, `原因：${f.reason ?? ''}`];
  const plain = (lines: string[]) => (f.link ? [...lines, f.link] : lines);
  const html = (lines: string[]) => [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(f.link ? [`<p><a href="${escapeHtml(f.link)}">${escapeHtml(f.link)}</a></p>`] : []),
  ];
  const subject = f.approved ? `Your visit to ${f.companyName} is approved / 您的来访已获批准` : `Your visit to ${f.companyName} was not approved / 您的来访未获批准`;
  return {
    subject,
    text: [...plain(en), '', '---', '', ...plain(zh), ''].join('\n'),
    html: [...html(en), ...(f.link ? [`<p><img src="cid:${f.qrCid}" width="240" height="240" alt="QR"></p>`] : []), '<hr>', ...html(zh)].join('\n'),
  };
}
