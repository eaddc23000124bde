import { describe, expect, it } from 'vitest';
import { contrastRatio, mix, withContrast } from './contrast';

describe('contrast', () => {
  it('measures WCAG 2 contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The console's former primary under white text.
    expect(contrastRatio('#409eff', '#ffffff')).toBeCloseTo(2.78, 2);
  });

  it('mixes a colour over a background as color-mix in srgb does', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#409eff', '#ffffff', 0)).toBe('#ffffff');
  });

  it('moves lightness only as far as the ratio needs, keeping a colour that already reads', () => {
    const darker = withContrast('#409eff', ['#ffffff'], { toward: 'darker' });
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(darker, '#ffffff')).toBeLessThan(4.7);
    expect(withContrast('#000000', ['#ffffff'], { toward: 'darker' })).toBe('#000000');
    const lighter = withContrast('#1d4ed8', ['#141414'], { toward: 'lighter' });
    expect(contrastRatio(lighter, '#141414')).toBeGreaterThanOrEqual(4.5);
  });
});
