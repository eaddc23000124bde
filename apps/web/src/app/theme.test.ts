import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio, mix } from '../shared/theme/contrast';
import { DEFAULT_PREFERENCES } from '../shared/preferences/preferences';
import { antdTheme, readablePrimary, textOnPrimary, THEME_VARIABLES, themeVariables } from './theme';

describe('antdTheme', () => {
  it('uses the day algorithm and the chosen colour, darkened until white text on it reads at 4.5:1', () => {
    const config = antdTheme({ themeName: 'emerald', color: '#409EFF', darkMode: false });
    const primary = config.token!.colorPrimary!;
    expect(config.algorithm).toBe(theme.defaultAlgorithm);
    expect(primary).not.toBe('#409EFF');
    expect(contrastRatio(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(primary, '#f3f5f7')).toBeGreaterThanOrEqual(4.5);
    expect(config.components?.Menu?.darkItemSelectedBg).toBe(primary);
    expect(config.components?.Menu?.darkItemSelectedColor).toBe('#ffffff');
  });

  it('keeps a colour that already reads, and reads at 4.5:1 in night mode with dark text on the fill', () => {
    expect(readablePrimary('#1D4ED8', false)).toBe('#1D4ED8');
    const night = readablePrimary('#409EFF', true);
    expect(contrastRatio(textOnPrimary(night), night)).toBeGreaterThanOrEqual(4.5);
  });

  it('checks night colours as antd paints them: its night algorithm derives its own from the seed', () => {
    for (const swatch of ['#409EFF', '#10B981', '#6366F1', '#F43F5E']) {
      const config = antdTheme({ themeName: 'emerald', color: swatch, darkMode: true });
      const token = theme.getDesignToken(config);
      // The primary as text on the page, on raised surfaces and on its own tint (the avatar, the active tab).
      for (const background of ['#141414', '#1f1f1f', mix(token.colorPrimary, '#141414', 0.15)]) {
        expect({ swatch, background, ratio: contrastRatio(token.colorPrimary, background) >= 4.5 }).toEqual({ swatch, background, ratio: true });
      }
      for (const key of ['colorSuccess', 'colorWarning', 'colorError'] as const) {
        expect({ swatch, key, ratio: contrastRatio(token[key], '#141414') >= 4.5 }).toEqual({ swatch, key, ratio: true });
        expect({ swatch, key, onBg: contrastRatio(token[key], token[`${key}Bg`]) >= 4.5 }).toEqual({ swatch, key, onBg: true });
      }
    }
  });

  it("keeps a primary button's text readable while the button is hovered or pressed, day and night", () => {
    let alreadyReadable = 0;
    for (const darkMode of [false, true]) {
      for (const swatch of ['#409EFF', '#10B981', '#F59E0B', '#1D4ED8']) {
        const config = antdTheme({ themeName: 'emerald', color: swatch, darkMode });
        const button = config.components!.Button as Record<string, string>;
        // The same steps antd's algorithm takes, when they already read.
        const derived = theme.getDesignToken({ ...config, components: {} });
        if (contrastRatio(button.primaryColor!, derived.colorPrimaryHover) >= 4.5) {
          alreadyReadable++;
          expect(button.colorPrimaryHover).toBe(derived.colorPrimaryHover);
        }
        for (const state of ['colorPrimaryHover', 'colorPrimaryActive']) {
          expect({ darkMode, swatch, state, reads: contrastRatio(button.primaryColor!, button[state]!) >= 4.5 }).toEqual({ darkMode, swatch, state, reads: true });
        }
      }
    }
    expect(alreadyReadable).toBeGreaterThan(0);
  });

  it('darkens every offered swatch, amber too, to read under white text', () => {
    for (const swatch of ['#10B981', '#14B8A6', '#0EA5E9', '#6366F1', '#8B5CF6', '#F59E0B', '#F43F5E']) {
      expect(contrastRatio(readablePrimary(swatch, false), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives status and secondary text colours that read at 4.5:1 on white', () => {
    const { token } = antdTheme({ themeName: 'emerald', color: '#409EFF', darkMode: false });
    for (const key of ['colorSuccess', 'colorWarning', 'colorError'] as const) {
      expect(contrastRatio(token![key]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(token![key]!, token![`${key}Bg`]!)).toBeGreaterThanOrEqual(4.5);
    }
    expect(token?.colorTextTertiary).toBe('rgba(0, 0, 0, 0.58)');
  });

  it("keeps antd's own status backgrounds and borders and tag colours, read off the palettes its algorithms derive", () => {
    for (const darkMode of [false, true]) {
      const { token, components } = antdTheme({ themeName: 'emerald', color: '#409EFF', darkMode });
      const antds = theme.getDesignToken(darkMode ? { algorithm: theme.darkAlgorithm } : {});
      for (const key of ['colorSuccess', 'colorWarning', 'colorError'] as const) {
        for (const part of ['Bg', 'Border'] as const) {
          expect({ darkMode, key, part, colour: token![`${key}${part}`] }).toEqual({ darkMode, key, part, colour: antds[`${key}${part}`] });
        }
      }
      if (darkMode) continue;
      // Day mode's tag text: antd's step 7 where it reads on step 1, else darkened until it does.
      const tags = components!.Tag as Record<string, string>;
      for (const key of ['green', 'gold', 'orange', 'cyan', 'volcano', 'lime', 'yellow'] as const) {
        const background = antds[`${key}1`];
        expect(contrastRatio(tags[`${key}7`]!, background)).toBeGreaterThanOrEqual(4.5);
        if (contrastRatio(antds[`${key}7`], background) >= 4.5) expect(tags[`${key}7`]).toBe(antds[`${key}7`]);
      }
    }
  });

  it('uses the night algorithm and the night palette in dark mode', () => {
    const day = antdTheme({ themeName: 'emerald', color: '#13c2c2', darkMode: false });
    const night = antdTheme({ themeName: 'emerald', color: '#13c2c2', darkMode: true });
    expect(night.algorithm).toBe(theme.darkAlgorithm);
    expect(night.components?.Layout?.siderBg).not.toBe(day.components?.Layout?.siderBg);
  });

  it('turns antd motion off for a system set to reduce motion, and only then', () => {
    const preferences = { themeName: 'emerald', color: '#409EFF', darkMode: false };
    expect(antdTheme(preferences).token?.motion).toBe(true);
    expect(antdTheme(preferences, { reducedMotion: true }).token?.motion).toBe(false);
  });

  it('falls back to the first theme for an unknown name', () => {
    expect(antdTheme({ themeName: 'atlantis', color: '#409EFF', darkMode: false })).toEqual(
      antdTheme({ themeName: 'emerald', color: '#409EFF', darkMode: false }),
    );
  });
});

describe('the default theme in styles.css', () => {
  /** The declarations of the first `:root` rule of the console's style sheet. */
  function rootDeclarations(): Record<string, string> {
    const stylesheet = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8');
    const body = /:root\s*\{([^}]*)\}/.exec(stylesheet)?.[1] ?? '';
    return Object.fromEntries([...body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]));
  }
  const normalise = (value: string) => value.replace(/\s+/g, '').toLowerCase();

  it("declares every theme variable with antd's value for the default preferences", () => {
    // The sign-in page paints with these before (and without) antd: a drift would show the wrong colours.
    const token = theme.getDesignToken(antdTheme(DEFAULT_PREFERENCES));
    const expected = themeVariables(token, DEFAULT_PREFERENCES.themeName, DEFAULT_PREFERENCES.darkMode);
    const declared = rootDeclarations();
    expect(Object.keys(declared).sort()).toEqual([...THEME_VARIABLES].sort());
    for (const name of THEME_VARIABLES) expect({ name, value: normalise(declared[name] ?? '') }).toEqual({ name, value: normalise(expected[name]) });
  });
});
