import { useMemo } from 'react';
import { antdTheme } from '../../../app/theme';
import { THEMES } from '../../../shared/theme/themes';

/** Controls a finger can hit: a kiosk's tablet at arm's length, a phone in the hand (16 px text: no zoom on focus). */
export const VISITOR_CONTROL_SIZES = {
  kiosk: { controlHeight: 56, fontSize: 18 },
  phone: { controlHeight: 48, fontSize: 16 },
} as const;
export type VisitorControlSize = keyof typeof VISITOR_CONTROL_SIZES;

/**
 * The antd theme of a visitor's form (the walk-in's registration, the steps before check-in) on a
 * kiosk or a visitor's phone: the company's colour as the console paints a primary (readable under
 * white text, hover and pressed states included), on a light page whatever this browser's console
 * preferences (a kiosk and a visitor's phone have none), with finger-sized controls.
 */
export function useVisitorFormTheme(color: string, size: VisitorControlSize) {
  return useMemo(() => {
    const brand = antdTheme({ themeName: THEMES[0].name, color, darkMode: false });
    // A label as tall as its text, not as a field.
    return { ...brand, token: { ...brand.token, ...VISITOR_CONTROL_SIZES[size] }, components: { ...brand.components, Form: { labelHeight: 'auto' } } };
  }, [color, size]);
}
