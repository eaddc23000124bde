import sharp from 'sharp';
import { encodePng, type Rgba } from './png-encoder.js';

/** Where the built-in images are served (public: they are product assets, like the console's files). */
export const BUILT_IN_PREFIX = '/api/deviceTheme/builtin/';
export const BUILT_IN_NAME = /^[a-z0-9-]{1,40}\.png$/;

type Rgb = readonly [number, number, number];

const hex = (value: string): Rgb => [parseInt(value.slice(1, 3), 16), parseInt(value.slice(3, 5), 16), parseInt(value.slice(5, 7), 16)];
const mix = (a: Rgb, b: Rgb, t: number): Rgba => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
  255,
];
const WHITE: Rgb = [255, 255, 255];

/** Two gradient stops and a wave colour for each background. */
const BACKGROUNDS: Record<string, readonly [string, string, string]> = {
  'background-ocean': ['#0b3d91', '#1fa2d6', '#7fd3f0'],
  'background-forest': ['#0f3d2e', '#2e8b57', '#9be3b0'],
  'background-dusk': ['#3b1f5c', '#d9576b', '#f6b26b'],
  'background-paper': ['#f4f1ea', '#dcd6c8', '#ffffff'],
  'background-night': ['#0d1117', '#2a3242', '#58a6ff'],
};

/**
 * The built-in logos: a mark (a rounded square in the brand colour with a white glyph) and the
 * name in white capitals, on a plate of the brand's deep colour with a light rim, so the logo reads
 * on a light page (the console's gallery, a light theme) and on a dark one (the display's header,
 * a dark theme) alike. Drawn as SVG paths, no font needed, and rendered by sharp.
 */
const LOGOS: Record<string, { mark: string; plate: string; glyph: string; name: string }> = {
  // A door under an arch: the room behind the display.
  'logo-atrium': { mark: '#409eff', plate: '#1f2d3d', glyph: 'M58 112V80a22 22 0 0 1 44 0v32M46 112h68', name: 'ATRIUM' },
  // Two waves.
  'logo-harbour': { mark: '#13a89e', plate: '#0b3d4f', glyph: 'M46 70q8-10 17 0t17 0 17 0 17 0M46 96q8-10 17 0t17 0 17 0 17 0', name: 'HARBOUR' },
  // Two peaks.
  'logo-summit': { mark: '#f08c2e', plate: '#3d2b1f', glyph: 'M44 110l26-46 16 26 10-14 20 34z', name: 'SUMMIT' },
};

/** Capitals as strokes on a 52-pixel cap height (y 54 to 106): each letter's path from x = 0, and its width. */
const LETTERS: Record<string, { width: number; path: string }> = {
  A: { width: 44, path: 'M0 106L22 54l22 52M9 88h26' },
  B: { width: 38, path: 'M0 106V54h19a12 12 0 0 1 0 24H0m19 0h3a14 14 0 0 1 0 28H0' },
  H: { width: 40, path: 'M0 106V54m40 0v52M0 80h40' },
  I: { width: 0, path: 'M0 54v52' },
  M: { width: 50, path: 'M0 106V54l25 36 25-36v52' },
  O: { width: 48, path: 'M24 54a24 26 0 1 0 0.01 0z' },
  R: { width: 38, path: 'M0 106V54h20a13 13 0 0 1 0 26H0m18 0l20 26' },
  S: { width: 38, path: 'M36 61c-4-5-10-7-17-7-9 0-16 5-16 12 0 17 35 10 35 27 0 8-7 13-17 13-8 0-14-3-19-8' },
  T: { width: 40, path: 'M0 54h40M20 54v52' },
  U: { width: 40, path: 'M0 54v32a20 20 0 0 0 40 0V54' },
};
/** Space between letters, narrowed for a long name so it keeps a margin on the plate. */
const LETTER_GAP = 22;
const PLATE_MARGIN = 36;
/** The mark's square and the space between it and the name. */
const MARK_SIZE = 104;
const MARK_GAP = 30;

/** The SVG of a built-in logo (600 x 160, the recommended logo size): mark and name centred on the plate. */
export function logoSvg({ mark, plate, glyph, name }: (typeof LOGOS)[string]): string {
  const letters = [...name].map((char) => {
    const letter = LETTERS[char];
    if (!letter) throw new Error(`no drawing for the letter ${char}`);
    return letter;
  });
  const inked = letters.reduce((sum, letter) => sum + letter.width, 0);
  const gap = Math.min(LETTER_GAP, Math.floor((600 - 2 * PLATE_MARGIN - MARK_SIZE - MARK_GAP - inked) / Math.max(1, letters.length - 1)));
  const nameWidth = inked + gap * (letters.length - 1);
  const left = Math.round((600 - (MARK_SIZE + MARK_GAP + nameWidth)) / 2);
  let x = left + MARK_SIZE + MARK_GAP;
  const strokes = letters.map((letter) => {
    const path = `<path transform="translate(${x} 0)" d="${letter.path}"/>`;
    x += letter.width + gap;
    return path;
  });
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="160" viewBox="0 0 600 160">',
    `<rect x="3" y="3" width="594" height="154" rx="36" fill="${plate}" stroke="#ffffff" stroke-opacity="0.28" stroke-width="4"/>`,
    // The glyphs are drawn for a mark at x 28.
    `<g transform="translate(${left - 28} 0)">`,
    `<rect x="28" y="28" width="${MARK_SIZE}" height="${MARK_SIZE}" rx="26" fill="${mark}"/>`,
    `<path d="${glyph}" fill="none" stroke="#ffffff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`,
    name === 'ATRIUM' ? '<circle cx="88" cy="96" r="4.5" fill="#ffffff"/>' : '',
    '</g>',
    `<g fill="none" stroke="#ffffff" stroke-width="11" stroke-linecap="round" stroke-linejoin="round">${strokes.join('')}</g>`,
    '</svg>',
  ].join('');
}

async function logo(drawing: (typeof LOGOS)[string]): Promise<Buffer> {
  return sharp(Buffer.from(logoSvg(drawing))).png().toBuffer();
}

/** Each theme's preview colours: background stops, header, card, accent. */
const THEME_PALETTES: Record<number, readonly [string, string, string, string, string]> = {
  1: ['#0b3d91', '#1fa2d6', '#ffffff', '#ffffff', '#52c41a'],
  2: ['#2f3640', '#4b5563', '#e5e7eb', '#1f2937', '#22c55e'],
  3: ['#fdf6e3', '#f5e6b8', '#3d2b1f', '#ffffff', '#f08c2e'],
  4: ['#0f3d2e', '#2e8b57', '#ffffff', '#ffffff', '#9be3b0'],
  5: ['#0d1117', '#1c2333', '#58a6ff', '#161b22', '#58a6ff'],
  6: ['#ff7f6e', '#ffc1a6', '#ffffff', '#ffffff', '#d9576b'],
  7: ['#ffffff', '#f0f0f0', '#262626', '#fafafa', '#409eff'],
  8: ['#3b1f5c', '#1fa2d6', '#ffffff', '#ffffff', '#f6b26b'],
  9: ['#e9d8b4', '#c8a96a', '#3d2b1f', '#fff8e7', '#a0522d'],
  10: ['#2b2b2b', '#474747', '#d4d4d4', '#3a3a3a', '#9ca3af'],
  11: ['#111827', '#7c3aed', '#ffffff', '#1f2937', '#f472b6'],
  12: ['#022c22', '#0ea5e9', '#ecfeff', '#083344', '#22d3ee'],
};

function background([from, to, wave]: readonly [string, string, string], width = 1280, height = 800): Buffer {
  const [a, b, c] = [hex(from), hex(to), hex(wave)];
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    const crest = height * (0.68 + 0.06 * Math.sin((x / width) * Math.PI * 2));
    const [r, g, bl] = mix(a, b, t);
    return y > crest ? mix([r, g, bl], c, 0.25) : [r, g, bl, 255];
  });
}

/** A small picture of a door display in the theme's colours: header, free/busy card and agenda lines. */
function preview(palette: readonly [string, string, string, string, string], isPortrait: boolean): Buffer {
  const [from, to, header, card, accent] = palette.map(hex) as [Rgb, Rgb, Rgb, Rgb, Rgb];
  const width = isPortrait ? 150 : 240;
  const height = isPortrait ? 240 : 150;
  const cardBox = isPortrait ? { x0: 14, y0: 52, x1: 136, y1: 150 } : { x0: 14, y0: 40, x1: 140, y1: 132 };
  const agendaX = isPortrait ? 14 : 152;
  const agendaY = isPortrait ? 164 : 44;
  return encodePng(width, height, (x, y) => {
    if (y < 26) return x > 10 && x < 48 && y > 8 && y < 18 ? [...header, 255] : mix(from, to, 0.1);
    if (x >= cardBox.x0 && x < cardBox.x1 && y >= cardBox.y0 && y < cardBox.y1) {
      if (y < cardBox.y0 + 10) return [...accent, 255];
      if (y > cardBox.y0 + 24 && y < cardBox.y0 + 34 && x < cardBox.x0 + 80) return mix(card, header, 0.6);
      return [...card, 235];
    }
    for (let line = 0; line < 4; line++) {
      const top = agendaY + line * 18;
      if (y >= top && y < top + 8 && x >= agendaX && x < agendaX + (line % 2 ? 56 : 74)) return mix(header, WHITE, 0.3);
    }
    return mix(from, to, (x / width + y / height) / 2);
  });
}

/** The portrait themes of the catalogue (migration 2026_11_22_0014). */
const PORTRAIT_THEMES = new Set([4, 5, 6, 9, 10, 12]);

/** Every built-in image by file name; drawn on first use and kept (a cache, the same in every process). */
const DRAWINGS: Record<string, () => Buffer | Promise<Buffer>> = {
  ...Object.fromEntries(Object.entries(BACKGROUNDS).map(([name, colours]) => [`${name}.png`, () => background(colours)])),
  ...Object.fromEntries(Object.entries(LOGOS).map(([name, drawing]) => [`${name}.png`, () => logo(drawing)])),
  ...Object.fromEntries(
    Object.entries(THEME_PALETTES).map(([id, palette]) => [`theme-${id}.png`, () => preview(palette, PORTRAIT_THEMES.has(Number(id)))]),
  ),
};

const drawn = new Map<string, Promise<Buffer>>();

/** The bytes of a built-in image, or undefined for a name that is not one. */
export async function builtInImage(name: string): Promise<Buffer | undefined> {
  if (!BUILT_IN_NAME.test(name)) return undefined;
  const draw = DRAWINGS[name];
  if (!draw) return undefined;
  let content = drawn.get(name);
  if (!content) {
    content = Promise.resolve(draw());
    drawn.set(name, content);
    // A failed drawing is tried again next time rather than kept.
    content.catch(() => drawn.delete(name));
  }
  return content;
}

/** Whether an address names a built-in image. */
export function isBuiltInPath(imagePath: string): boolean {
  return imagePath.startsWith(BUILT_IN_PREFIX) && DRAWINGS[imagePath.slice(BUILT_IN_PREFIX.length)] !== undefined;
}
