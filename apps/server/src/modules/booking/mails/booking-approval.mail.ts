const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What a mail says about one request, in the room's local time. */
export interface RequestFacts {
  /** Null when the recipient may not see it (another person's busy or private meeting). */
  title: string | null;
  roomName: string;
  locationPath: string;
  /** "2026-11-24 10:00 – 11:00 (Europe/London)" */
  when: string;
  hostName: string;
  /** More occurrences of a series decided together. */
  moreCount: number;
}

interface Text {
  subject: string;
  lines: string[];
}

/** A mail in both languages, English first (users have no stored language; the company has none either). */
function bilingual(en: Text, zh: Text, link: string) {
  const subject = `${en.subject} / ${zh.subject}`;
  const text = [...en.lines, link, '', '---', '', ...zh.lines, link, ''].join('\n');
  const html = [
    ...en.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '<hr>',
    ...zh.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  ].join('\n');
  return { subject, text, html };
}

/** A mail with the notification settings' footer at its end (none when the footer is empty). */
export function withFooter<T extends { text: string; html: string }>(mail: T, footer: string): T {
  return footer ? { ...mail, text: `${mail.text}\n${footer}\n`, html: `${mail.html}\n<p>${escapeHtml(footer)}</p>` } : mail;
}

function facts(f: RequestFacts, lang: 'en' | 'zh'): string[] {
  const place = f.locationPath ? `${f.roomName} (${f.locationPath})` : f.roomName;
  if (lang === 'en') {
    return [
      `Meeting: ${f.title ?? '(not shown)'}`,
      `Room: ${place}`,
      `Time: ${f.when}${f.moreCount > 0 ? ` and ${f.moreCount} more occurrence(s) of the series` : ''}`,
      `Requested by: ${f.hostName}`,
    ];
  }
  return [
    `会议：${f.title ?? '（不显示）'}`,
    `会议室：${place}`,
    `时间：${f.when}${f.moreCount > 0 ? `，以及该周期会议的另外 ${f.moreCount} 次` : ''}`,
    `申请人：${f.hostName}`,
  ];
}

/** To approvers: a request waits for a decision before `deadline`. */
export function requestArrivedMail(f: RequestFacts, deadline: string, link: string) {
  return bilingual(
    {
      subject: 'A room booking waits for your approval',
      lines: ['A room booking needs approval.', ...facts(f, 'en'), `Decide before ${deadline}; after that the request expires.`],
    },
    {
      subject: '有会议室预订等待您审批',
      lines: ['有一条会议室预订需要审批。', ...facts(f, 'zh'), `请在 ${deadline} 前审批，逾期申请将失效。`],
    },
    link,
  );
}

/** To the host: the request was approved. */
export function approvedMail(f: RequestFacts, deciderName: string, link: string) {
  return bilingual(
    { subject: 'Your room booking was approved', lines: [`${deciderName} approved your booking. The room is yours.`, ...facts(f, 'en')] },
    { subject: '您的会议室预订已通过审批', lines: [`${deciderName} 已通过您的预订，会议室已为您保留。`, ...facts(f, 'zh')] },
    link,
  );
}

/** To the host: the request was rejected, with the reason. */
export function rejectedMail(f: RequestFacts, deciderName: string, reason: string, link: string) {
  return bilingual(
    { subject: 'Your room booking was rejected', lines: [`${deciderName} rejected your booking. The time is free again.`, `Reason: ${reason}`, ...facts(f, 'en')] },
    { subject: '您的会议室预订已被驳回', lines: [`${deciderName} 驳回了您的预订，该时段已释放。`, `原因：${reason}`, ...facts(f, 'zh')] },
    link,
  );
}

/** To the host: nobody decided before the deadline. */
export function expiredMail(f: RequestFacts, link: string) {
  return bilingual(
    { subject: 'Your room booking request expired', lines: ['Nobody approved your booking before its deadline, so it expired and the time is free again.', ...facts(f, 'en')] },
    { subject: '您的会议室预订申请已失效', lines: ['您的预订在审批截止时间前未获审批，已失效，该时段已释放。', ...facts(f, 'zh')] },
    link,
  );
}
