import { ACTIVATION_HOURS } from '@atrium/contract';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The activation mail. The recipient's language is not known before they sign in, so the mail
 * carries both: English first, then Chinese. The link is its secret: the outbox keeps a marker.
 */
export function activationMail({ companyName, fullName, userName, link }: { companyName: string; fullName: string; userName: string; link: string }) {
  const subject = `Activate your Atrium account / 激活您的 Atrium 账号`;
  const text = [
    `Hello ${fullName},`,
    '',
    `${companyName} created an Atrium account for you. Your user name is ${userName}.`,
    `Open this link within ${ACTIVATION_HOURS} hours to choose your password:`,
    link,
    '',
    '---',
    '',
    `${fullName}，您好：`,
    '',
    `${companyName} 为您创建了 Atrium 账号，用户名为 ${userName}。`,
    `请在 ${ACTIVATION_HOURS} 小时内打开以下链接设置密码：`,
    link,
    '',
  ].join('\n');
  const [name, company, user, href] = [fullName, companyName, userName, link].map(escapeHtml) as [string, string, string, string];
  const html = [
    `<p>Hello ${name},</p>`,
    `<p>${company} created an Atrium account for you. Your user name is <b>${user}</b>.</p>`,
    `<p>Open this link within ${ACTIVATION_HOURS} hours to choose your password:<br><a href="${href}">${href}</a></p>`,
    '<hr>',
    `<p>${name}，您好：</p>`,
    `<p>${company} 为您创建了 Atrium 账号，用户名为 <b>${user}</b>。</p>`,
    `<p>请在 ${ACTIVATION_HOURS} 小时内打开以下链接设置密码：<br><a href="${href}">${href}</a></p>`,
  ].join('\n');
  return { subject, text, html, secrets: [link] };
}
