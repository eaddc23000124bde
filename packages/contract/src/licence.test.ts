import { describe, expect, it } from 'vitest';
import { isLicenceUsable, licenceStateAt, licensedModuleOfMenuKey, LICENCE_EXPIRING_DAYS, LICENCE_GRACE_DAYS } from './licence.js';
import { MENU_CATALOGUE } from './menu.js';

const DAY = 24 * 60 * 60 * 1000;
const END = Date.UTC(2027, 5, 30, 23, 59, 59, 999);

describe('licence states', () => {
  it('turns expiring 30 days before the end, grace after it for 14 days, then expired', () => {
    expect(licenceStateAt(END, END - LICENCE_EXPIRING_DAYS * DAY - 1)).toBe('valid');
    expect(licenceStateAt(END, END - LICENCE_EXPIRING_DAYS * DAY)).toBe('expiring');
    expect(licenceStateAt(END, END)).toBe('expiring');
    expect(licenceStateAt(END, END + 1)).toBe('grace');
    expect(licenceStateAt(END, END + LICENCE_GRACE_DAYS * DAY)).toBe('grace');
    expect(licenceStateAt(END, END + LICENCE_GRACE_DAYS * DAY + 1)).toBe('expired');
    expect(licenceStateAt(null, END)).toBe('unlicensed');
    expect(['valid', 'expiring', 'grace', 'expired', 'unlicensed'].filter((state) => isLicenceUsable(state as never))).toEqual(['valid', 'expiring', 'grace']);
  });

  it("finds the licensed module of a menu entry, and none for the base product's", () => {
    expect(licensedModuleOfMenuKey('guiderRecord', MENU_CATALOGUE)).toBe('visitors');
    expect(licensedModuleOfMenuKey('deskeeperConsole', MENU_CATALOGUE)).toBe('desks');
    expect(licensedModuleOfMenuKey('smartAnalysis', MENU_CATALOGUE)).toBe('smartRooms');
    expect(licensedModuleOfMenuKey('airSensors', MENU_CATALOGUE)).toBe('airQuality');
    expect(licensedModuleOfMenuKey('meeting', MENU_CATALOGUE)).toBeNull();
    expect(licensedModuleOfMenuKey('application', MENU_CATALOGUE)).toBeNull();
    expect(licensedModuleOfMenuKey('nothing', MENU_CATALOGUE)).toBeNull();
  });
});
