import { createRequire } from 'node:module';
import type { JSDOM } from 'jsdom';

let jsdom: typeof JSDOM | undefined;

/**
 * jsdom's `JSDOM`, loaded on first use. Loading the library costs about 0.6 s of CPU, an eighth of a server's start,
 * and only an SVG upload (its sanitiser) and a CalDAV answer (its XML) need a DOM.
 */
export function lazyJsdom(): typeof JSDOM {
  jsdom ??= (createRequire(import.meta.url)('jsdom') as { JSDOM: typeof JSDOM }).JSDOM;
  return jsdom;
}
