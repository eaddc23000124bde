import { REGISTRATION_LIMITS } from '@atrium/contract';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mail in both languages, English first, as the recipient's language is not known. */
function bilingual(subject: string, english: string[], chinese: string[]) {
  const text = [...english, '', '---', '', ...chinese, ''].join('\n');
  const paragraphs = (lines: string[]) => lines.filter(Boolean).map((line) => `<p>${linkify(escapeHtml(line))}</p>`);
  const html = [...paragraphs(english), '<hr>', ...paragraphs(chinese)].join('\n');
  return { subject, text, html };
}

const linkify = (escaped: string) => escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** The code that proves the address at registration. */
export function registrationCodeMail({ code }: { code: string }) {
  return bilingual(
    `Your Atrium code: ${code} / 您的 Atrium 验证码：${code}`,
    [
      'Hello,',
      `Your code to create a company on Atrium is ${code}.`,
      `It works for ${REGISTRATION_LIMITS.codeMinutes} minutes. If you did not ask for it, ignore this mail.`,
    ],
    ['您好：', `您在 Atrium 创建公司的验证码为 ${code}。`, `验证码 ${REGISTRATION_LIMITS.codeMinutes} 分钟内有效。如非本人操作，请忽略此邮件。`],
  );
}

/** Sent instead of a code when the address already has an account: where to sign in or recover it. */
export function existingAccountMail({ publicUrl }: { publicUrl: string }) {
  const signIn = `${publicUrl}/login`;
  const retrieve = `${publicUrl}/retrieve`;
  return bilingual(
    'You already have an Atrium account / 您已有 Atrium 账号',
    [
      'Hello,',
      'Someone asked to create a company on Atrium with this address, but it already belongs to an account.',
      `Sign in here: ${signIn}`,
      `Forgot your password? Reset it here: ${retrieve}`,
      'If you did not ask for this, ignore this mail.',
    ],
    [
      '您好：',
      '有人使用此邮箱申请在 Atrium 创建公司，但该邮箱已有账号。',
      `登录：${signIn}`,
      `忘记密码？在此重置：${retrieve}`,
      '如非本人操作，请忽略此邮件。',
    ],
  );
}

/** The password reset link. */
export function passwordResetMail({ fullName, userName, link }: { fullName: string; userName: string; link: string }) {
  const minutes = REGISTRATION_LIMITS.resetLinkMinutes;
  return bilingual(
    'Reset your Atrium password / 重置您的 Atrium 密码',
    [
      `Hello ${fullName},`,
      `Someone asked to reset the password of your account ${userName}.`,
      `Open this link within ${minutes} minutes to choose a new password:`,
      link,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    [`${fullName}，您好：`, `有人申请重置您的账号 ${userName} 的密码。`, `请在 ${minutes} 分钟内打开以下链接设置新密码：`, link, '如非本人操作，请忽略此邮件，您的密码不会改变。'],
  );
}
