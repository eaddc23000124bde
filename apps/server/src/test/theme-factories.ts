import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';
import { LOCATION_LEVEL } from '../modules/location/location.repository.js';
import { createSmartDeviceRepository } from '../modules/smart-device/smart-device.repository.js';
import { hashSessionToken, newSessionToken } from '../platform/session-token.js';
import type { Factories } from './factories.js';
import { PNG_BYTES } from './uploads.js';

export interface TestDisplay {
  roomId: number;
  deviceId: number;
  /** The device token the display holds (its SHA-256 is stored). */
  token: string;
}

/**
 * Rooms and devices written straight into the shared tables, for the theme and route-table tests: a
 * room on a level-7 location node, a door display bound to it (migration 0011), and an activated
 * visitor kiosk at a building (migration 0050).
 */
export function createThemeFactories(db: Database, factories: Factories, now: () => number) {
  let sequence = 0;
  return {
    async room(companyId: number, name = `Room ${++sequence}`): Promise<number> {
      const id = await factories.location({ companyId, level: LOCATION_LEVEL.room, name });
      await db.kysely.insertInto('resources').values({ id, company_id: companyId, kind: 'room', created_at: now() }).execute();
      await db.kysely.insertInto('rooms').values({ id, company_id: companyId, capacity: 8, created_at: now(), updated_at: now() }).execute();
      return id;
    },

    async display(
      companyId: number,
      options: { roomId?: number; platform?: string | null; state?: 'inactive' | 'activated' | 'cancelled'; name?: string } = {},
    ): Promise<TestDisplay> {
      const roomId = options.roomId ?? (await this.room(companyId));
      const token = randomBytes(24).toString('base64url');
      const state = options.state ?? 'activated';
      const row = await db.kysely
        .insertInto('devices')
        .values({
          company_id: companyId,
          room_id: roomId,
          name: options.name ?? `Display ${++sequence}`,
          state,
          token_hash: state === 'activated' ? createHash('sha256').update(token).digest('hex') : null,
          platform: options.platform === undefined ? 'android' : options.platform,
          created_at: now(),
          updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { roomId, deviceId: row.id, token };
    },

    /** An activated visitor kiosk at a new building; answers its device token. */
    async kiosk(companyId: number): Promise<string> {
      const locationId = await factories.location({ companyId, level: LOCATION_LEVEL.building, name: `Building ${++sequence}` });
      const token = randomBytes(24).toString('base64url');
      await db.kysely
        .insertInto('visitor_devices')
        .values({ company_id: companyId, location_id: locationId, kind: 'pad', name: `Kiosk ${sequence}`, token_hash: createHash('sha256').update(token).digest('hex'), activated_at: now(), created_at: now(), updated_at: now() })
        .execute();
      return token;
    },

    /** An activated smart-room device (issue 22) and its secret, the token of its `device` calls. */
    async smartDevice(companyId: number): Promise<{ deviceId: number; token: string }> {
      const token = newSessionToken();
      const deviceId = await createSmartDeviceRepository(db.kysely).createSmartDevice({ companyId, name: `Sensor ${++sequence}`, kind: 'sensor', homieId: `test-sensor-${sequence}`, now: now() });
      await db.kysely.updateTable('smart_devices').set({ secret_hash: hashSessionToken(token), activated_at: now() }).where('id', '=', deviceId).execute();
      return { deviceId, token };
    },
  };
}

/** A gallery upload body: `imageType` first (left out when null), then the file; boundary `X` (MULTIPART_HEADERS). */
export function themeImageMultipart(options: { imageType?: string | null; content?: Buffer; fileName?: string } = {}): Buffer {
  const { imageType = '0', content = PNG_BYTES, fileName = 'logo.png' } = options;
  return Buffer.concat([
    imageType === null ? Buffer.alloc(0) : Buffer.from(`--X\r\nContent-Disposition: form-data; name="imageType"\r\n\r\n${imageType}\r\n`),
    Buffer.from(`--X\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from('\r\n--X--\r\n'),
  ]);
}
