/**
 * People's names in their script's order (issue 17): Chinese, Japanese and Korean names put the
 * family name first with no space (李伟, 山田太郎, 김민준); other names read "First Last". Every
 * full name the server stores and every name the console builds comes from here.
 */

/** Han, kana and Hangul letters, and the marks that join them; a CJK name has nothing else. */
const CJK_NAME = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005]+$/u;

/** Whether a name part is written in a script whose names put the family name first without a space. */
export function isCjkName(part: string): boolean {
  return CJK_NAME.test(part.trim());
}

/**
 * The display name built from a first (given) and a last (family) name: "李伟" when both parts are
 * CJK, "Ada Lovelace" otherwise; one part when the other is empty, '' when both are.
 */
export function fullNameOf(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = (firstName ?? '').trim();
  const last = (lastName ?? '').trim();
  if (!first || !last) return first || last;
  return isCjkName(first) && isCjkName(last) ? `${last}${first}` : `${first} ${last}`;
}

/**
 * What an avatar without a picture shows. A CJK name shows its last two characters, as DingTalk,
 * WeCom and Feishu do (李伟 → 李伟, 欧阳娜娜 → 娜娜, 王小明 → 小明): the given name people are
 * called by, never a lone family name. Other names show the first letters of their first two
 * words (Ada Lovelace → AL), or the first two letters of a single word.
 */
export function nameInitials(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  if (isCjkName(trimmed.replace(/\s+/g, ''))) return [...trimmed.replace(/\s+/g, '')].slice(-2).join('');
  const words = trimmed.split(/\s+/);
  const letters = words.length >= 2 ? [...words[0]!].slice(0, 1).concat([...words[1]!].slice(0, 1)) : [...words[0]!].slice(0, 2);
  return letters.join('').toUpperCase();
}

/**
 * The name to greet someone by: the given name when names are written first-name-first (Ada), the
 * whole name for a CJK name (李伟: a lone given name is for family and close friends).
 */
export function greetingNameOf(person: { firstName: string | null; fullName: string }): string {
  const full = person.fullName.trim();
  if (isCjkName(full)) return full;
  return (person.firstName ?? '').trim() || full.split(/\s+/)[0] || '';
}
