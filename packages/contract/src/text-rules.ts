/**
 * The one rule for every text the API accepts (issue 16): no control character but tab, line feed and
 * carriage return, and well-formed UTF-16. PostgreSQL refuses a NUL in text and both engines replace a
 * lone surrogate when they encode UTF-8, so such strings could neither be stored nor moved between the
 * engines as sent. The server applies it to every request before any query; forms may reuse it.
 */

/** A code unit the rule refuses wherever it stands: C0 controls but tab, line feed and carriage return; DEL; C1. */
function isControl(unit: number): boolean {
  return (unit <= 0x1f && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d) || (unit >= 0x7f && unit <= 0x9f);
}

/** Whether a text keeps the rule: no forbidden control character, no lone surrogate (a high one not followed by a low one, or a low one alone). */
export function isAcceptableText(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0xa0) {
      if (isControl(unit)) return false;
    } else if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** Where a value sits inside a request part: object keys and array indexes from the top. */
export type TextPath = ReadonlyArray<string | number>;

/** A value met on the walk, with the step from its parent (a key or an index) and no copied path. */
interface Visit {
  value: unknown;
  parent: Visit | null;
  step: string | number | null;
}

function pathOf(visit: Visit): TextPath {
  const path: Array<string | number> = [];
  for (let at: Visit | null = visit; at && at.step !== null; at = at.parent) path.push(at.step);
  return path.reverse();
}

/**
 * The path of the first string in `value` that breaks the rule (object keys count: a key is stored
 * as much as a value), or null when every string keeps it. Depth first in document order, with its
 * own stack and parent links, so a deeply nested body costs time in proportion to its size and
 * cannot exhaust the call stack.
 */
export function findUnacceptableText(value: unknown): TextPath | null {
  const pending: Visit[] = [{ value, parent: null, step: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const current = visit.value;
    if (typeof visit.step === 'string' && !isAcceptableText(visit.step)) return pathOf(visit);
    if (typeof current === 'string') {
      if (!isAcceptableText(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) pending.push({ value: current[index], parent: visit, step: index });
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!;
        pending.push({ value: child, parent: visit, step: key });
      }
    }
  }
  return null;
}

/** A path as forms and the API's `issues` name fields: `items.0.name`. */
export function textPathName(path: TextPath): string {
  return path.join('.');
}

/** The longest start of `text` at most `max` code units long that does not split a surrogate pair. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
