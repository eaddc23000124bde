import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdTheme } from './theme';

describe('antdTheme', () => {
  it('uses the day algorithm and the chosen colour', () => {
    const config = antdTheme({ themeName: 'emerald', color: '#409EFF', darkMode: false });
    expect(config.algorithm).toBe(theme.defaultAlgorithm);
    expect(config.token?.colorPrimary).toBe('#409EFF');
    expect(config.components?.Menu?.darkItemSelectedBg).toBe('#409EFF');
  });

  it('uses the night algorithm and the night palette in dark mode', () => {
    const day = antdTheme({ themeName: 'emerald', color: '#13c2c2', darkMode: false });
    const night = antdTheme({ themeName: 'emerald', color: '#13c2c2', darkMode: true });
    expect(night.algorithm).toBe(theme.darkAlgorithm);
    expect(night.components?.Layout?.siderBg).not.toBe(day.components?.Layout?.siderBg);
  });

  it('falls back to the first theme for an unknown name', () => {
    expect(antdTheme({ themeName: 'atlantis', color: '#409EFF', darkMode: false })).toEqual(
      antdTheme({ themeName: 'emerald', color: '#409EFF', darkMode: false }),
    );
  });
});
