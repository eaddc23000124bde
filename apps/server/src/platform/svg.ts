import createDOMPurify, { type DOMPurify } from 'dompurify';
import { lazyJsdom } from './dom.js';

let purifier: DOMPurify | undefined;

/** One DOM for every sanitising call, made at the first (DOMPurify only needs its window). */
function svgPurifier(): DOMPurify {
  if (purifier) return purifier;
  purifier = createDOMPurify(new (lazyJsdom())('').window);
  // A reference to something outside the drawing (a script, a page, another file) is dropped.
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if ((data.attrName === 'href' || data.attrName === 'xlink:href') && !data.attrValue.trim().startsWith('#')) data.keepAttr = false;
  });
  return purifier;
}

/** Whether the bytes read as an SVG document (text whose first element is <svg>). */
export function looksLikeSvg(content: Buffer): boolean {
  const head = content.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  // An XML declaration, comments or a doctype may come first; the first element must be <svg.
  const firstElement = head.replace(/^(<\?xml[^>]*\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i, '');
  return /^<svg[\s>]/i.test(firstElement);
}

/**
 * The SVG with everything that can run or reach out removed: scripts, event handlers, foreignObject
 * (HTML inside the drawing), inline styles, external links, <use> (DOMPurify drops it: it can pull in
 * other documents) and anything DOMPurify's SVG profile does not know.
 * Answers null when nothing drawable is left (not an SVG after all).
 */
export function sanitiseSvg(content: Buffer): Buffer | null {
  const clean = svgPurifier().sanitize(content.toString('utf8'), {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'style'],
    FORBID_ATTR: ['style'],
  });
  const text = String(clean).trim();
  if (!/^<svg[\s>]/i.test(text)) return null;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${text}\n`, 'utf8');
}
