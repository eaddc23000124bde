import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/** Themes the demo's displays get, in turn: public themes of both directions and platforms. */
const DEMO_THEME_CYCLE = [1, 4, 8, 9, 7] as const;

/**
 * Gives the company's door displays a theme each (the catalogue comes with migration
 * 2026_11_22_0014), skipping devices that already have one and themes not made for a device's
 * platform: safe to run twice. Answers how many devices got a theme.
 */
export async function seedDeviceThemes(db: Kysely<DB>, companyId: number, now: number): Promise<number> {
  const [devices, themes, records] = await Promise.all([
    db.selectFrom('devices').select(['id', 'platform']).where('company_id', '=', companyId).where('kind', '=', 'door-display').where('state', '!=', 'cancelled').orderBy('id').execute(),
    db.selectFrom('device_themes').select(['id', 'platforms']).where('is_internal', '=', 0).execute(),
    db.selectFrom('device_theme_records').select('device_id').where('company_id', '=', companyId).execute(),
  ]);
  const platformsOf = new Map(themes.map((theme) => [theme.id, theme.platforms.split(',')]));
  const themed = new Set(records.map((record) => record.device_id));
  let given = 0;
  for (const [index, device] of devices.entries()) {
    if (themed.has(device.id)) continue;
    const themeId = DEMO_THEME_CYCLE[index % DEMO_THEME_CYCLE.length]!;
    const platforms = platformsOf.get(themeId) ?? [];
    if (device.platform && !platforms.includes(device.platform)) continue;
    await db
      .insertInto('device_theme_records')
      .values({ company_id: companyId, device_id: device.id, device_use_type: 'door-display', theme_id: themeId, updated_at: now })
      .onConflict((conflict) => conflict.columns(['device_id', 'device_use_type']).doNothing())
      .execute();
    given++;
  }
  return given;
}
