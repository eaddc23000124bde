/** The minimum contrast of normal text with its background (WCAG 2 AA, 1.4.3). */
export const TEXT_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as unknown as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance of a #rgb or #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` laid over `background` at `amount` (0 to 1), as CSS `color-mix(in srgb, ...)` paints it. */
export function mix(color: string, background: string, amount: number): string {
  const top = parseHex(color);
  const bottom = parseHex(background);
  return toHex(top.map((channel, at) => channel * amount + bottom[at]! * (1 - amount)) as unknown as Rgb);
}

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = lightness > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  const hue = max === red ? (green - blue) / delta + (green < blue ? 6 : 0) : max === green ? (blue - red) / delta + 2 : (red - green) / delta + 4;
  return [hue / 6, saturation, lightness];
}

function fromHsl([hue, saturation, lightness]: [number, number, number]): Rgb {
  if (saturation === 0) return [lightness * 255, lightness * 255, lightness * 255];
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (t: number) => {
    const at = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (at < 1 / 6) return p + (q - p) * 6 * at;
    if (at < 1 / 2) return q;
    if (at < 2 / 3) return p + (q - p) * (2 / 3 - at) * 6;
    return p;
  };
  return [channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255];
}

/**
 * `color` with its hue and saturation kept and its lightness moved (darker on light backgrounds,
 * lighter on dark ones) just far enough that it reaches `ratio` against every background. The
 * backgrounds may depend on the colour shown (a tint of the colour itself, say). `paint` is the colour
 * a candidate is shown as, where it differs from it (antd's night algorithm derives its own from a seed).
 */
export function withContrast(
  color: string,
  backgrounds: readonly string[] | ((shown: string) => readonly string[]),
  { toward, ratio = TEXT_CONTRAST, paint = (candidate: string) => candidate }: { toward: 'darker' | 'lighter'; ratio?: number; paint?: (candidate: string) => string },
): string {
  const passes = (candidate: string) => {
    const shown = paint(candidate);
    return (typeof backgrounds === 'function' ? backgrounds(shown) : backgrounds).every((background) => contrastRatio(shown, background) >= ratio);
  };
  if (passes(color)) return color;
  const [hue, saturation, start] = toHsl(parseHex(color));
  const step = toward === 'darker' ? -0.005 : 0.005;
  for (let lightness = start; lightness >= 0 && lightness <= 1; lightness += step) {
    const candidate = toHex(fromHsl([hue, saturation, lightness]));
    if (passes(candidate)) return candidate;
  }
  return toward === 'darker' ? '#000000' : '#ffffff';
}
