/** Colours of the shell's navigation in one theme, for day and night mode. */
export interface ShellPalette {
  siderBg: string;
  siderSubBg: string;
  siderText: string;
  siderBorder: string;
}

/** A visual theme of the shell (spec 000 section 1: only emerald is offered). */
export interface ShellTheme {
  name: string;
  day: ShellPalette;
  night: ShellPalette;
}

export const THEMES: readonly [ShellTheme, ...ShellTheme[]] = [
  {
    name: 'emerald',
    day: { siderBg: '#0f2b27', siderSubBg: '#0b211e', siderText: 'rgba(255, 255, 255, 0.72)', siderBorder: '#17403a' },
    night: { siderBg: '#0c1a18', siderSubBg: '#081311', siderText: 'rgba(255, 255, 255, 0.65)', siderBorder: '#1b2e2b' },
  },
];

/** Spec 000 section 4: a name that is not in the list selects the first theme. */
export function resolveThemeName(name: unknown): string {
  return THEMES.some((theme) => theme.name === name) ? (name as string) : THEMES[0].name;
}

/** The theme called `name`, or the first one. */
export function themeByName(name: string): ShellTheme {
  return THEMES.find((theme) => theme.name === name) ?? THEMES[0];
}

/** Whether a string is a colour the colour setting accepts (#rgb or #rrggbb). */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}
