import { SSO_MAIL_LINK_HOURS } from '@atrium/contract';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The single sign-on notice, in both languages (the recipient's is not known): a one-time link that
 * goes straight to the company's provider, and the sign-in page to use afterwards. The one-time
 * link is its secret: the outbox keeps a marker in its place.
 */
export function ssoNoticeMail({ companyName, fullName, signInLink, pageLink }: { companyName: string; fullName: string; signInLink: string; pageLink: string }) {
  const subject = 'Sign in to Atrium with single sign-on / 通过单点登录登录 Atrium';
  const text = [
    `Hello ${fullName},`,
    '',
    `${companyName} now signs you in to Atrium with your company account (single sign-on). Your Atrium password is no longer used.`,
    `Sign in now with this link (it works once, within ${SSO_MAIL_LINK_HOURS} hours):`,
    signInLink,
    'Afterwards, sign in here:',
    pageLink,
    '',
    '---',
    '',
    `${fullName}，您好：`,
    '',
    `${companyName} 已改为使用公司账号（单点登录）登录 Atrium，您的 Atrium 密码将不再使用。`,
    `请通过以下链接立即登录（仅可使用一次，${SSO_MAIL_LINK_HOURS} 小时内有效）：`,
    signInLink,
    '之后请在此登录：',
    pageLink,
    '',
  ].join('\n');
  const [name, company, once, page] = [fullName, companyName, signInLink, pageLink].map(escapeHtml) as [string, string, string, string];
  const html = [
    `<p>Hello ${name},</p>`,
    `<p>${company} now signs you in to Atrium with your company account (single sign-on). Your Atrium password is no longer used.</p>`,
    `<p>Sign in now with this link (it works once, within ${SSO_MAIL_LINK_HOURS} hours):<br><a href="${once}">${once}</a></p>`,
    `<p>Afterwards, sign in here: <a href="${page}">${page}</a></p>`,
    '<hr>',
    `<p>${name}，您好：</p>`,
    `<p>${company} 已改为使用公司账号（单点登录）登录 Atrium，您的 Atrium 密码将不再使用。</p>`,
    `<p>请通过以下链接立即登录（仅可使用一次，${SSO_MAIL_LINK_HOURS} 小时内有效）：<br><a href="${once}">${once}</a></p>`,
    `<p>之后请在此登录：<a href="${page}">${page}</a></p>`,
  ].join('\n');
  return { subject, text, html, secrets: [signInLink] };
}
