import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnacceptableText, isAcceptableText, textPathName, truncateText } from './text-rules.js';

/** The rule read code unit by code unit, as the brief states it. */
function keepsRule(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const isControl = (unit <= 0x1f && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d) || (unit >= 0x7f && unit <= 0x9f);
    if (isControl) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** Any UTF-16 code units, lone surrogates and controls included. */
const anyUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)), maxLength: 40 });
/** Code units near the edges of the rule, so the property meets them often. */
const edgeUnits = fc.string({
  unit: fc.constantFrom('\u0000', '\u0008', '\t', '\n', '\u000B', '\r', '\u001F', ' ', '~', '\u007F', '\u0080', '\u009F', '\u00A0', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a', '会'),
  maxLength: 12,
});

describe('the text rule (issue 16)', () => {
  it('agrees with the rule read code unit by code unit, on any string', () => {
    fc.assert(fc.property(fc.oneof(anyUnits, edgeUnits), (text) => isAcceptableText(text) === keepsRule(text)), { numRuns: 2000 });
  });

  it('keeps every well-formed string without control characters, in any script', () => {
    // Well-formed by construction: only a control character can make it refused.
    const hasControl = (text: string) =>
      [...text].some((char) => {
        const unit = char.charCodeAt(0);
        return (unit < 0x20 && !'\t\n\r'.includes(char)) || (unit >= 0x7f && unit <= 0x9f);
      });
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => isAcceptableText(text) === !hasControl(text)));
    for (const text of ['Design review', '会议室 A', 'Ünïcödé 😀 👩‍👩‍👧', 'line one\nline two\r\n\tindented', '']) expect(isAcceptableText(text), JSON.stringify(text)).toBe(true);
  });

  it('refuses NUL, the other C0 controls, DEL, C1 and lone surrogates, alone or inside text', () => {
    const refused = [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f].map((unit) => String.fromCharCode(unit));
    for (const bad of [...refused, '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uDC00\uD800']) {
      expect(isAcceptableText(bad), JSON.stringify(bad)).toBe(false);
      expect(isAcceptableText(`Room ${bad} 12`), JSON.stringify(bad)).toBe(false);
    }
    expect(isAcceptableText('\uD83D\uDE00')).toBe(true);
  });

  it('names the path of the first offending string in a request part, keys included', () => {
    expect(findUnacceptableText({ userName: 'ada', password: 'x' })).toBeNull();
    expect(findUnacceptableText({ userName: 'a\u0000da' })).toEqual(['userName']);
    expect(findUnacceptableText({ items: [{ name: 'ok' }, { name: 'b\u007Fad' }] })).toEqual(['items', 1, 'name']);
    expect(findUnacceptableText({ first: 'a\u0001', second: 'b\u0001' })).toEqual(['first']);
    expect(findUnacceptableText({ map: { 'k\u0000': 1 } })).toEqual(['map', 'k\u0000']);
    expect(findUnacceptableText('\uD800')).toEqual([]);
    expect(findUnacceptableText([1, true, null, 2.5, { n: 3 }])).toBeNull();
    expect(textPathName(['items', 1, 'name'])).toBe('items.1.name');
  });

  it('finds the same first path as a recursive walk, on any JSON value', () => {
    const recursive = (value: unknown, path: Array<string | number> = []): Array<string | number> | null => {
      if (typeof value === 'string') return keepsRule(value) ? null : path;
      if (Array.isArray(value)) {
        for (const [index, child] of value.entries()) {
          const found = recursive(child, [...path, index]);
          if (found) return found;
        }
      } else if (value && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) {
          if (!keepsRule(key)) return [...path, key];
          const found = recursive(child, [...path, key]);
          if (found) return found;
        }
      }
      return null;
    };
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, edgeUnits, fc.integer(), fc.constant(null), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(edgeUnits, tie('value'), { maxKeys: 4 })),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        expect(findUnacceptableText(value)).toEqual(recursive(value));
      }),
      { numRuns: 1000 },
    );
  });

  it('walks a body nested a hundred thousand levels deep without exhausting the stack', () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`) as unknown;
    expect(findUnacceptableText(deep)).toHaveLength(depth);
    expect(findUnacceptableText(JSON.parse(`${'['.repeat(depth)}"fine"${']'.repeat(depth)}`))).toBeNull();
  });

  it('shortens text without splitting a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.nat({ max: 40 }), (text, max) => {
        const cut = truncateText(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(text.startsWith(cut)).toBe(true);
        expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        expect(cut.length).toBeGreaterThanOrEqual(Math.min(text.length, max) - 1);
      }),
    );
  });
});
