import { generate, presetPalettes } from '@ant-design/colors';
import type { ThemeConfig } from 'antd';
import theme from 'antd/es/theme';
import type { Preferences } from '../shared/preferences/preferences';
import { contrastRatio, mix, TEXT_CONTRAST, withContrast } from '../shared/theme/contrast';
import { themeByName } from '../shared/theme/themes';

const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'Segoe UI'",
  'Roboto',
  "'Helvetica Neue'",
  'Arial',
  "'Noto Sans'",
  "'PingFang SC'",
  "'Hiragino Sans GB'",
  "'Microsoft YaHei'",
  "'Noto Sans CJK SC'",
  'sans-serif',
].join(', ');

/** The backgrounds the console paints itself, by mode. */
const SURFACES = {
  day: { container: '#ffffff', layout: '#f3f5f7', header: '#ffffff' },
  night: { container: '#141414', layout: '#0b0d0d', header: '#141414', elevated: '#1f1f1f' },
} as const;

/** antd's status colours, moved to reach 4.5:1 as text on white and on their own pale background. */
const STATUS_COLORS = { colorSuccess: '#52c41a', colorWarning: '#faad14', colorError: '#ff4d4f' } as const;

/**
 * The colour antd's night algorithm paints for a seed colour: the sixth step of the seed's dark palette
 * (its colorPrimary, colorError...). At night, contrast is checked on this, not on the seed.
 */
export function paintedAtNight(seed: string): string {
  return generate(seed, { theme: 'dark' })[5]!;
}

/**
 * A seed's palette as antd's algorithm of the mode derives it (its `generateColorPalettes`): step n
 * (colorSuccessBg is step 1, colorSuccessBorder step 3) is `[n - 1]`. Read from the palette rather
 * than from `theme.getDesignToken`, which derives every token of the theme: about 25 ms on a phone's
 * first render, twice (theme.test.ts checks both give the same colours).
 */
const paletteOf = (seed: string, darkMode: boolean): string[] => (darkMode ? generate(seed, { theme: 'dark' }) : generate(seed));

const statusTokenCache = new Map<boolean, Record<string, string>>();

/**
 * antd's status colours (success, warning, error) moved to read at 4.5:1 as text on their pale
 * background (a status tag) and on the page; the backgrounds and borders stay antd's own, since a
 * darker seed would also darken them.
 */
function statusTokens(darkMode: boolean): Record<string, string> {
  const cached = statusTokenCache.get(darkMode);
  if (cached) return cached;
  const surfaces = darkMode ? [SURFACES.night.container, SURFACES.night.elevated] : [SURFACES.day.container, SURFACES.day.layout];
  const tokens: Record<string, string> = {};
  for (const [key, seed] of Object.entries(STATUS_COLORS)) {
    const palette = paletteOf(seed, darkMode);
    const background = palette[0]!;
    tokens[key] = withContrast(seed, [...surfaces, background], darkMode ? { toward: 'lighter', paint: paintedAtNight } : { toward: 'darker' });
    tokens[`${key}Bg`] = background;
    tokens[`${key}Border`] = palette[2]!;
  }
  statusTokenCache.set(darkMode, tokens);
  return tokens;
}

/** Preset tag colours whose text (palette 7) is too light on their background (palette 1) in day mode. */
const PRESET_TAGS = ['green', 'gold', 'orange', 'cyan', 'volcano', 'lime', 'yellow'] as const;

let presetTagTokens: Record<string, string> | undefined;

/** Day mode's preset tag text colours, darkened from antd's palette 7 to reach 4.5:1 on palette 1. */
function dayPresetTagTokens(): Record<string, string> {
  presetTagTokens ??= Object.fromEntries(
    PRESET_TAGS.map((key) => {
      const palette = presetPalettes[key]!;
      return [`${key}7`, withContrast(palette[6]!, [palette[0]!, '#ffffff'], { toward: 'darker' })];
    }),
  );
  return presetTagTokens;
}

/**
 * The primary colour as the console paints it: the user's colour with its hue kept and its lightness
 * moved just enough to read at 4.5:1, as text on the page, on its own light tint (the active tab, an
 * avatar) and, in day mode, under white text (a primary button, the selected menu entry).
 */
export function readablePrimary(color: string, darkMode: boolean): string {
  if (darkMode) {
    const { container, elevated } = SURFACES.night;
    return withContrast(color, (shown) => [container, elevated, mix(shown, container, 0.15)], { toward: 'lighter', paint: paintedAtNight });
  }
  const { container, layout } = SURFACES.day;
  return withContrast(color, (shown) => [container, layout, mix(shown, container, 0.15)], { toward: 'darker' });
}

/**
 * A primary button's hover and pressed fills, the palette steps antd's algorithms take for them (by day
 * the 5th and 7th colour of the primary's palette, at night the 7th and 5th of its dark palette), moved
 * away from the text's colour until the button's text still reads at 4.5:1: by day antd's hover is a
 * lighter step, under which white text falls to about 3.9:1.
 */
function readablePrimaryStates(primary: string, onPrimary: string, darkMode: boolean): { colorPrimaryHover: string; colorPrimaryActive: string } {
  const palette = darkMode ? generate(primary, { theme: 'dark' }) : generate(primary);
  const [hover, active] = darkMode ? [palette[6]!, palette[4]!] : [palette[4]!, palette[6]!];
  // Light text (white) wants a darker fill, dark text a lighter one.
  const toward = contrastRatio(onPrimary, '#000000') > contrastRatio(onPrimary, '#ffffff') ? 'darker' : 'lighter';
  return { colorPrimaryHover: withContrast(hover, [onPrimary], { toward }), colorPrimaryActive: withContrast(active, [onPrimary], { toward }) };
}

/** Text on a primary-coloured fill: white where it reads, else the night background's near-black. */
export function textOnPrimary(primary: string): string {
  return contrastRatio('#ffffff', primary) >= TEXT_CONTRAST ? '#ffffff' : SURFACES.night.container;
}

/**
 * antd's theme for the user's preferences: day or night algorithm, primary colour, the theme's
 * navigation. Every text colour reaches 4.5:1 on its background (WCAG 2 AA, issue 19).
 */
export function antdTheme(
  { themeName, color, darkMode }: Pick<Preferences, 'themeName' | 'color' | 'darkMode'>,
  { reducedMotion = false }: { reducedMotion?: boolean } = {},
): ThemeConfig {
  const palette = themeByName(themeName)[darkMode ? 'night' : 'day'];
  const surfaces = darkMode ? SURFACES.night : SURFACES.day;
  const primary = readablePrimary(color, darkMode);
  const onPrimary = textOnPrimary(primary);
  const status = statusTokens(darkMode);
  return {
    algorithm: darkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      ...status,
      // antd's tertiary text and placeholders (45% and 25% ink) read at about 3.4:1 and 1.8:1.
      colorTextTertiary: darkMode ? 'rgba(255, 255, 255, 0.55)' : 'rgba(0, 0, 0, 0.58)',
      colorTextPlaceholder: darkMode ? 'rgba(255, 255, 255, 0.5)' : 'rgba(0, 0, 0, 0.55)',
      borderRadius: 8,
      fontFamily: FONT_FAMILY,
      // A system set to reduce motion gets dialogs, menus and toasts that appear without zooming or sliding.
      motion: !reducedMotion,
    },
    components: {
      Layout: {
        siderBg: palette.siderBg,
        headerBg: surfaces.header,
        bodyBg: surfaces.layout,
        headerHeight: 56,
        headerPadding: '0 12px',
      },
      Menu: {
        darkItemBg: palette.siderBg,
        darkSubMenuItemBg: palette.siderSubBg,
        darkPopupBg: palette.siderBg,
        darkItemColor: palette.siderText,
        darkItemSelectedBg: primary,
        darkItemSelectedColor: onPrimary,
        itemBorderRadius: 8,
        itemMarginInline: 8,
        iconMarginInlineEnd: 12,
        collapsedIconSize: 18,
      },
      Button: { primaryColor: onPrimary, ...readablePrimaryStates(primary, onPrimary, darkMode) },
      // antd publishes the palette as page-wide CSS variables a global token does not reach; the tag's own do.
      Tag: darkMode ? {} : dayPresetTagTokens(),
    },
  };
}

/** The CSS variables the console's own style sheets read (antd-theme.tsx sets them on <html>); styles.css declares the default theme's values. */
export const THEME_VARIABLES = [
  '--atrium-primary',
  '--atrium-text-on-primary',
  '--atrium-bg-layout',
  '--atrium-bg-container',
  '--atrium-bg-elevated',
  '--atrium-bg-hover',
  '--atrium-border',
  '--atrium-border-control',
  '--atrium-text',
  '--atrium-text-secondary',
  '--atrium-text-placeholder',
  '--atrium-error',
  '--atrium-error-bg',
  '--atrium-error-border',
  '--atrium-success',
  '--atrium-success-bg',
  '--atrium-success-border',
  '--atrium-warning',
  '--atrium-sider-bg',
  '--atrium-sider-text',
  '--atrium-sider-border',
] as const;

type ThemeVariable = (typeof THEME_VARIABLES)[number];
type Token = ReturnType<typeof theme.getDesignToken>;

/** The theme variables' values for antd's resolved tokens and the shell's palette. */
export function themeVariables(token: Token, themeName: string, darkMode: boolean): Record<ThemeVariable, string> {
  const palette = themeByName(themeName)[darkMode ? 'night' : 'day'];
  return {
    '--atrium-primary': token.colorPrimary,
    '--atrium-text-on-primary': textOnPrimary(token.colorPrimary),
    '--atrium-bg-layout': token.colorBgLayout,
    '--atrium-bg-container': token.colorBgContainer,
    '--atrium-bg-elevated': token.colorBgElevated,
    '--atrium-bg-hover': token.colorFillTertiary,
    '--atrium-border': token.colorBorderSecondary,
    '--atrium-border-control': token.colorBorder,
    '--atrium-text': token.colorText,
    '--atrium-text-secondary': token.colorTextSecondary,
    '--atrium-text-placeholder': token.colorTextPlaceholder,
    '--atrium-error': token.colorError,
    '--atrium-error-bg': token.colorErrorBg,
    '--atrium-error-border': token.colorErrorBorder,
    '--atrium-success': token.colorSuccess,
    '--atrium-success-bg': token.colorSuccessBg,
    '--atrium-success-border': token.colorSuccessBorder,
    '--atrium-warning': token.colorWarning,
    '--atrium-sider-bg': palette.siderBg,
    '--atrium-sider-text': palette.siderText,
    '--atrium-sider-border': palette.siderBorder,
  };
}
