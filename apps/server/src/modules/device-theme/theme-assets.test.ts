import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { builtInImage } from './theme-assets.js';

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: number[]): number {
  const [lr, lg, lb] = [r!, g!, b!].map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
}
const contrast = (a: number[], b: number[]) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
};

describe('built-in logos', () => {
  it.each(['logo-atrium', 'logo-harbour', 'logo-summit'])('%s is a finished mark: a plate with the mark and the name in white, legible on light and dark pages', async (name) => {
    const png = (await builtInImage(`${name}.png`))!;
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([600, 160]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
    // Rounded plate: clear corners, solid inside.
    expect(pixel(0, 0)[3]).toBe(0);
    expect(pixel(300, 20)[3]).toBe(255);
    const plate = pixel(590, 80).slice(0, 3);
    // The name is drawn: a good share of white strokes right of the mark, none of them missing.
    let white = 0;
    let total = 0;
    for (let y = 54; y <= 106; y++) {
      for (let x = 200; x < 560; x++) {
        const [r, g, b] = pixel(x, y);
        total++;
        if (r! > 240 && g! > 240 && b! > 240) white++;
      }
    }
    expect(white / total).toBeGreaterThan(0.12);
    expect(white / total).toBeLessThan(0.5);
    // White on the plate reads well; the plate stands out on a light page; its light rim on a dark one.
    expect(contrast([255, 255, 255], plate)).toBeGreaterThanOrEqual(7);
    expect(contrast([245, 247, 250], plate)).toBeGreaterThanOrEqual(7);
    const rim = pixel(300, 4).slice(0, 3);
    expect(contrast(rim, [15, 23, 42])).toBeGreaterThan(1.5);
  });
});
