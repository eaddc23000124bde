import { describe, expect, it } from 'vitest';
import { signInRedirectTarget } from '../session/redirect';
import { publicFaceOf, screenTarget, type ScreenFace } from './public-faces';

const ORIGIN = 'https://atrium.example';

function screenFace(pathname: string): ScreenFace {
  const face = publicFaceOf(pathname);
  if (face?.kind !== 'desks' && face?.kind !== 'air') throw new Error(`${pathname} has no screen face`);
  return face;
}
const SECRET = 'Ab3_-'.repeat(8) + 'xyz';

describe('public faces of lobby-screen addresses', () => {
  it('belong to the five addresses the spec lists as public, not to their neighbours', () => {
    expect(publicFaceOf('/deskeeper-live')?.kind).toBe('desks');
    expect(publicFaceOf('/quality-data')?.kind).toBe('air');
    expect(publicFaceOf('/quality-location')?.kind).toBe('air');
    expect(publicFaceOf('/auth-add')?.kind).toBe('accountLink');
    expect(publicFaceOf('/air-sensors')).toBeUndefined();
    expect(publicFaceOf('/deskeeper-live/extra')).toBeUndefined();
    expect(publicFaceOf('constructor')).toBeUndefined();
  });

  it('turns a pasted link or its bare secret into the screen of this console', () => {
    const desks = screenFace('/deskeeper-live');
    const air = screenFace('/quality-data');
    expect(screenTarget(desks, `  ${SECRET} `, ORIGIN)).toBe(`/deskeeper-live/screen?token=${SECRET}`);
    expect(screenTarget(desks, `${ORIGIN}/deskeeper-live/screen?token=${SECRET}&lang=zh-CN`, ORIGIN)).toBe(`/deskeeper-live/screen?token=${SECRET}`);
    expect(screenTarget(air, `${ORIGIN}/air-board/${SECRET}`, ORIGIN)).toBe(`/air-board/${SECRET}`);
    expect(screenTarget(air, SECRET, ORIGIN)).toBe(`/air-board/${SECRET}`);
  });

  it("refuses another site's link, another kind's link, and anything that is no secret", () => {
    const desks = screenFace('/deskeeper-live');
    const air = screenFace('/quality-data');
    expect(screenTarget(desks, `https://evil.example/deskeeper-live/screen?token=${SECRET}`, ORIGIN)).toBeUndefined();
    expect(screenTarget(desks, `${ORIGIN}/air-board/${SECRET}`, ORIGIN)).toBeUndefined();
    expect(screenTarget(air, `${ORIGIN}/deskeeper-live/screen?token=${SECRET}`, ORIGIN)).toBeUndefined();
    expect(screenTarget(air, 'short', ORIGIN)).toBeUndefined();
    expect(screenTarget(air, 'javascript:alert(1)', ORIGIN)).toBeUndefined();
    expect(screenTarget(desks, `${ORIGIN}/deskeeper-live/screen`, ORIGIN)).toBeUndefined();
  });

  it('keeps a session that ends on such an address there, instead of sending it to sign in', () => {
    expect(signInRedirectTarget({ pathname: '/quality-equipment', search: '' })).toBeNull();
    expect(signInRedirectTarget({ pathname: '/air-sensors', search: '' })).toBe('/login?redirect=%2Fair-sensors');
  });
});
