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
const CLEAR: Rgba = [0, 0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** Two gradient stops and a wave colour for each background. */
const BACKGROUNDS: Record<string, readonly [string, string, string]> = {
  'background-ocean': ['#0b3d91', '#1fa2d6', '#7fd3f0'],
  'background-forest': ['#0f3d2e', '#2e8b57', '#9be3b0'],
  'background-dusk': ['#3b1f5c', '#d9576b', '#f6b26b'],
  'background-paper': ['#f4f1ea', '#dcd6c8', '#ffffff'],
  'background-night': ['#0d1117', '#2a3242', '#58a6ff'],
};

/** Mark colour and bar colour of each logo. */
const LOGOS: Record<string, readonly [string, string]> = {
  'logo-atrium': ['#409eff', '#1f2d3d'],
  'logo-harbour': ['#13a89e', '#0b3d4f'],
  'logo-summit': ['#f08c2e', '#3d2b1f'],
};

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

function logo([mark, bars]: readonly [string, string]): Buffer {
  const [m, b] = [hex(mark), hex(bars)];
  return encodePng(600, 160, (x, y) => {
    const dx = x - 80;
    const dy = y - 80;
    const distance = Math.sqrt(dx * dx + dy * dy);
    if (distance < 56) return distance < 30 ? [255, 255, 255, 255] : [...m, 255];
    // Two bars standing for the name and a tag line.
    if (x >= 170 && x < 560 && y >= 48 && y < 88) return [...b, 255];
    if (x >= 170 && x < 430 && y >= 102 && y < 118) return [...m, 255];
    return CLEAR;
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
const DRAWINGS: Record<string, () => Buffer> = {
  ...Object.fromEntries(Object.entries(BACKGROUNDS).map(([name, colours]) => [`${name}.png`, () => background(colours)])),
  ...Object.fromEntries(Object.entries(LOGOS).map(([name, colours]) => [`${name}.png`, () => logo(colours)])),
  ...Object.fromEntries(
    Object.entries(THEME_PALETTES).map(([id, palette]) => [`theme-${id}.png`, () => preview(palette, PORTRAIT_THEMES.has(Number(id)))]),
  ),
};

const drawn = new Map<string, Buffer>();

/** The bytes of a built-in image, or undefined for a name that is not one. */
export function builtInImage(name: string): Buffer | undefined {
  if (!BUILT_IN_NAME.test(name)) return undefined;
  const draw = DRAWINGS[name];
  if (!draw) return undefined;
  let content = drawn.get(name);
  if (!content) drawn.set(name, (content = draw()));
  return content;
}

/** Whether an address names a built-in image. */
export function isBuiltInPath(imagePath: string): boolean {
  return imagePath.startsWith(BUILT_IN_PREFIX) && DRAWINGS[imagePath.slice(BUILT_IN_PREFIX.length)] !== undefined;
}
