const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What an assigned desk's owner is told. */
export interface DeskAssignedFacts {
  personName: string;
  number: string;
  /** Building · floor. */
  floor: string;
  /** The booking page in the console. */
  link: string;
}

/** To a desk's owner: the desk is theirs (English then Chinese, as the booking mails). No secret: the link is the console's page. */
export function deskAssignedMail(f: DeskAssignedFacts) {
  const en = [`Hello ${f.personName},`, `Desk ${f.number} on ${f.floor} is yours.`, 'See it on the desk booking page:'];
  const zh = [`${f.personName}，您好：`, `${f.floor}的工位 ${f.number} 已分配给您。`, '可在工位预订页面查看：'];
  const html = (lines: string[]) => [...lines.slice(0, -1).map((line) => `<p>${escapeHtml(line)}</p>`), `<p>${escapeHtml(lines.at(-1)!)} <a href="${escapeHtml(f.link)}">${escapeHtml(f.link)}</a></p>`];
  return {
    subject: `Desk ${f.number} is yours / 工位 ${f.number} 已分配给您`,
    text: [...en, f.link, '', '---', '', ...zh, f.link, ''].join('\n'),
    html: [...html(en), '<hr>', ...html(zh)].join('\n'),
  };
}
