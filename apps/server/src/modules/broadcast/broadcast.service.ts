import {
  BROADCAST_CUSTOM_IMAGES_MAX,
  BROADCAST_IMAGE_MAX_BYTES,
  BROADCAST_IMAGE_MAX_LABEL,
  BROADCAST_NEVER_ENDS_DAYS,
  BROADCAST_ONCE_MAX_DAYS,
  BROADCAST_PAD_HORIZON_MS,
  BROADCAST_DEFAULT_IMAGES,
  broadcastDefaultImageUrl,
  broadcastFinalEnd,
  broadcastNeverEnds,
  broadcastStatus,
  broadcastWindows,
  parseBroadcastImageKey,
  ReturnCode,
  toZoned,
  truncateText,
  type BroadcastDefaultImage,
  type BroadcastImages,
  type BroadcastListQuery,
  type BroadcastNotice,
  type BroadcastTargetOptions,
  type CreateBroadcastBody,
  type Page,
  type PadBroadcasts,
} from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import { pathName, type LocationIndex } from '../location/location.presenter.js';
import { roomTimeZone } from '../room/room-layout.js';
import type { LocationService } from '../location/location.service.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { UploadService } from '../upload/upload.service.js';
import type { BroadcastEvents } from './broadcast.events.js';
import type { BroadcastRecord, BroadcastRepository, BroadcastValues } from './broadcast.repository.js';

const DAY_MS = 86_400_000;

/** Where a display reads a custom image with its device token. */
export const PAD_IMAGE_PREFIX = '/api/device/pad/broadcast-images/';

export const broadcastImageTooLarge = () => new AppError(ReturnCode.PAYLOAD_TOO_LARGE, 'uploadTooLarge', { limit: BROADCAST_IMAGE_MAX_LABEL });

export interface BroadcastServiceDeps {
  broadcasts: BroadcastRepository;
  locations: Pick<LocationService, 'loadIndex'>;
  uploads: Pick<UploadService, 'saveImage' | 'removeImage'>;
  operationLog: OperationLog;
  events: Pick<BroadcastEvents, 'emit'>;
  clock: Clock;
}

export type BroadcastService = ReturnType<typeof createBroadcastService>;

/** The display the pad calls come from (its device token was checked). */
export interface BroadcastDisplay {
  id: number;
  companyId: number;
  roomId: number;
}

const fileNameOf = (fileUrl: string) => fileUrl.slice(fileUrl.lastIndexOf('/') + 1);

/**
 * Broadcast notices (/broadcast): publish a notice to door displays, directly or through locations,
 * from a start to an end, once or repeating; change it until it ends; end it early; delete it. The
 * company's custom images (at most 10) beside the built-in ones. Every change is in the operation
 * log and tells the company's displays to read their notices again.
 */
export function createBroadcastService({ broadcasts, locations, uploads, operationLog, events, clock }: BroadcastServiceDeps) {
  const changed = (companyId: number) => events.emit({ companyId });

  async function devicesById(companyId: number, index: LocationIndex) {
    const devices = await broadcasts.listDevices(companyId, { includeCancelled: true });
    return new Map(devices.map((device) => [device.id, { ...device, path: [pathName(index, device.roomId), index.byId.get(device.roomId)?.name].filter(Boolean).join(' / ') }]));
  }

  const imageKeyOf = (record: BroadcastRecord) =>
    record.defaultImage ? `default:${record.defaultImage}` : record.imageId !== null ? `custom:${record.imageId}` : null;

  function present(record: BroadcastRecord, index: LocationIndex, devices: Awaited<ReturnType<typeof devicesById>>, now: number): BroadcastNotice {
    return {
      id: record.id,
      title: record.title,
      image: imageKeyOf(record),
      imageUrl: record.defaultImage ? broadcastDefaultImageUrl(record.defaultImage as BroadcastDefaultImage) : record.imageUrl,
      devices: record.deviceIds.map((deviceId) => {
        const device = devices.get(deviceId);
        return { id: deviceId, name: device?.name ?? `#${deviceId}`, path: device?.path ?? '' };
      }),
      locations: record.locationIds.map((locationId) => {
        const node = index.byId.get(locationId);
        return { id: locationId, name: node?.name ?? `#${locationId}`, path: node ? pathName(index, locationId) : '' };
      }),
      startAt: record.startAt,
      endAt: record.endAt,
      repeat: record.repeat,
      repeatUntil: record.repeatUntil,
      timeZone: record.timeZone,
      endedAt: record.endedAt,
      endedByName: record.endedByName,
      createdByName: record.createdByName,
      createdAt: record.createdAt,
      status: broadcastStatus(record, now),
    };
  }

  /** Checks a create or update against the company's records and the rules; answers what to store. */
  async function validate(companyId: number, body: CreateBroadcastBody, now: number): Promise<BroadcastValues> {
    const image = parseBroadcastImageKey(body.image)!;
    let imageId: number | null = null;
    if (image.kind === 'custom') {
      if (!(await broadcasts.findImage(companyId, image.id))) throw notFound('broadcastImageNotFound');
      imageId = image.id;
    }
    const deviceIds = [...new Set(body.deviceIds)].sort((a, b) => a - b);
    const locationIds = [...new Set(body.locationIds)].sort((a, b) => a - b);
    if ((await broadcasts.existingDevices(companyId, deviceIds)).length !== deviceIds.length) throw notFound('broadcastDeviceNotFound');
    const index = await locations.loadIndex(companyId);
    if (locationIds.some((locationId) => !index.byId.has(locationId))) throw notFound('broadcastLocationNotFound');

    if (body.endAt <= body.startAt) throw refused('broadcastEndBeforeStart');
    let repeatUntil: number | null = null;
    if (body.repeat === 'none') {
      if (body.endAt - body.startAt > BROADCAST_ONCE_MAX_DAYS * DAY_MS) throw refused('broadcastTooLong', { days: BROADCAST_ONCE_MAX_DAYS });
    } else {
      if (body.endAt - body.startAt >= DAY_MS) throw refused('broadcastRepeatWindow');
      const neverEnds = broadcastNeverEnds(body.startAt);
      repeatUntil = body.repeatUntil ?? neverEnds;
      if (repeatUntil <= body.startAt) throw refused('broadcastRepeatUntilBeforeStart');
      // Day by day: the last day may be the 180th after the start's day, whatever its hour.
      if (toZoned(repeatUntil - 1, body.timeZone).date > toZoned(neverEnds - 1, body.timeZone).date) {
        throw refused('broadcastRepeatTooFar', { days: BROADCAST_NEVER_ENDS_DAYS });
      }
    }
    const timing = { startAt: body.startAt, endAt: body.endAt, repeat: body.repeat, repeatUntil, timeZone: body.timeZone, endedAt: null };
    const finalEndAt = broadcastFinalEnd(timing);
    if (finalEndAt <= now) throw refused('broadcastEndInPast');
    return {
      title: body.title,
      defaultImage: image.kind === 'default' ? image.name : null,
      imageId,
      startAt: body.startAt,
      endAt: body.endAt,
      repeat: body.repeat,
      repeatUntil,
      finalEndAt,
      timeZone: body.timeZone,
      deviceIds,
      locationIds,
    };
  }

  const detailOf = (values: BroadcastValues) => ({
    image: values.defaultImage ? `default:${values.defaultImage}` : `custom:${values.imageId}`,
    deviceIds: values.deviceIds,
    locationIds: values.locationIds,
    startAt: values.startAt,
    endAt: values.endAt,
    repeat: values.repeat,
    repeatUntil: values.repeatUntil,
  });

  async function getNotice(companyId: number, id: number): Promise<BroadcastRecord> {
    const record = await broadcasts.find(companyId, id);
    if (!record) throw notFound('broadcastNotFound');
    return record;
  }

  return {
    async list(companyId: number, query: BroadcastListQuery): Promise<Page<BroadcastNotice>> {
      const now = clock.now();
      const page = await broadcasts.list(companyId, query, now);
      if (page.list.length === 0) return { ...page, list: [] };
      const index = await locations.loadIndex(companyId);
      const devices = await devicesById(companyId, index);
      return { ...page, list: page.list.map((record) => present(record, index, devices, now)) };
    },

    /** The door displays and locations a notice may go to. */
    async targets(companyId: number): Promise<BroadcastTargetOptions> {
      const index = await locations.loadIndex(companyId);
      const devices = [...(await devicesById(companyId, index)).values()].filter((device) => index.byId.has(device.roomId));
      const active = new Set((await broadcasts.listDevices(companyId, { includeCancelled: false })).map((device) => device.id));
      return {
        devices: devices
          .filter((device) => active.has(device.id))
          .map((device) => ({ id: device.id, name: device.name, path: device.path, roomId: device.roomId, isActivated: device.isActivated })),
        locations: index.inTreeOrder().map((node) => ({ id: node.id, parentId: node.parentId, name: node.name, level: node.level })),
      };
    },

    async create(actor: Actor, body: CreateBroadcastBody): Promise<{ id: number }> {
      const now = clock.now();
      const result = await operationLog.track(
        actor,
        (created) => ({ action: 'broadcast.create', targetType: 'broadcast', targetId: created?.id ?? null, targetName: body.title, detail: { repeat: body.repeat, startAt: body.startAt, endAt: body.endAt } }),
        async () => {
          const values = await validate(actor.companyId, body, now);
          return { id: await broadcasts.insert(actor.companyId, values, actor.userId, now) };
        },
      );
      changed(actor.companyId);
      return result;
    },

    async update(actor: Actor, id: number, body: CreateBroadcastBody): Promise<void> {
      const now = clock.now();
      const record = await getNotice(actor.companyId, id);
      await operationLog.track(
        actor,
        (values) => ({ action: 'broadcast.update', targetType: 'broadcast', targetId: id, targetName: body.title, detail: values ? { before: record.title, ...detailOf(values) } : { before: record.title } }),
        async () => {
          if (broadcastStatus(record, now) === 'ended') throw refused('broadcastAlreadyEnded');
          const values = await validate(actor.companyId, body, now);
          if (!(await broadcasts.update(actor.companyId, id, values, now))) throw refused('broadcastAlreadyEnded');
          return values;
        },
      );
      changed(actor.companyId);
    },

    /** Ends a notice now (spec 001 section 4: "can be ended early"); displays drop it at once. */
    async end(actor: Actor, id: number): Promise<void> {
      const now = clock.now();
      const record = await getNotice(actor.companyId, id);
      await operationLog.track(actor, { action: 'broadcast.end', targetType: 'broadcast', targetId: id, targetName: record.title, detail: { status: broadcastStatus(record, now) } }, async () => {
        if (broadcastStatus(record, now) === 'ended' || !(await broadcasts.end(actor.companyId, id, actor.userId, now))) throw refused('broadcastAlreadyEnded');
      });
      changed(actor.companyId);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const record = await getNotice(actor.companyId, id);
      await operationLog.track(actor, { action: 'broadcast.delete', targetType: 'broadcast', targetId: id, targetName: record.title }, async () => {
        if (!(await broadcasts.remove(actor.companyId, id))) throw notFound('broadcastNotFound');
      });
      changed(actor.companyId);
    },

    /** The picker's images: the built-in ones, then the company's own with how many running notices show each. */
    async images(companyId: number): Promise<BroadcastImages> {
      const [custom, inUse] = await Promise.all([broadcasts.listImages(companyId), broadcasts.imagesInUse(companyId, clock.now())]);
      return {
        customMax: BROADCAST_CUSTOM_IMAGES_MAX,
        maxBytes: BROADCAST_IMAGE_MAX_BYTES,
        list: [
          ...BROADCAST_DEFAULT_IMAGES.map((name) => ({ key: `default:${name}`, kind: 'default' as const, id: null, name, url: broadcastDefaultImageUrl(name), size: null, isDeletable: false, inUse: 0 })),
          ...custom.map((image) => ({
            key: `custom:${image.id}`,
            kind: 'custom' as const,
            id: image.id,
            name: image.fileName,
            url: image.fileUrl,
            size: image.size,
            isDeletable: true,
            inUse: inUse.get(image.id) ?? 0,
          })),
        ],
      };
    },

    /** A custom image: JPEG or PNG by its content, at most 1.5 MB, at most 10 per company. */
    async uploadImage(actor: Actor, fileName: string, content: Buffer): Promise<{ id: number; url: string }> {
      return operationLog.track(
        actor,
        (result) => ({ action: 'broadcast.uploadImage', targetType: 'broadcastImage', targetId: result?.id ?? null, targetName: truncateText(fileName, 254), detail: { size: content.length } }),
        async () => {
          if (content.length > BROADCAST_IMAGE_MAX_BYTES) throw broadcastImageTooLarge();
          if ((await broadcasts.listImages(actor.companyId)).length >= BROADCAST_CUSTOM_IMAGES_MAX) throw refused('broadcastImagesFull', { max: BROADCAST_CUSTOM_IMAGES_MAX });
          const stored = await uploads.saveImage(actor.companyId, 'image', fileName, content);
          const id = await broadcasts.insertImageWithin(
            actor.companyId,
            { fileUrl: stored.fileUrl, fileName: stored.fileName, size: stored.size, createdBy: actor.userId },
            BROADCAST_CUSTOM_IMAGES_MAX,
            clock.now(),
          );
          if (id === null) {
            // Another upload took the last place meanwhile.
            await uploads.removeImage(actor.companyId, stored.fileUrl);
            throw refused('broadcastImagesFull', { max: BROADCAST_CUSTOM_IMAGES_MAX });
          }
          return { id, url: stored.fileUrl };
        },
      );
    },

    /** Deletes a custom image; refused while a notice that has not ended shows it. */
    async deleteImage(actor: Actor, id: number): Promise<void> {
      const image = await broadcasts.findImage(actor.companyId, id);
      if (!image) throw notFound('broadcastImageNotFound');
      await operationLog.track(actor, { action: 'broadcast.deleteImage', targetType: 'broadcastImage', targetId: id, targetName: image.fileName }, async () => {
        const count = await broadcasts.deleteImageUnused(actor.companyId, id, clock.now());
        if (count > 0) throw refused('broadcastImageInUse', { count });
        await uploads.removeImage(actor.companyId, image.fileUrl);
      });
    },

    /** A display's notice windows from now to a day ahead, in its room's zone, by start. */
    async forDisplay(display: BroadcastDisplay): Promise<PadBroadcasts> {
      const now = clock.now();
      const until = now + BROADCAST_PAD_HORIZON_MS;
      const index = await locations.loadIndex(display.companyId);
      const path = index.pathOf(display.roomId).map((node) => node.id);
      const zone = roomTimeZone(index, display.roomId) ?? 'UTC';
      const records = await broadcasts.forDisplay(display.companyId, display.id, path, now, until);
      const list = records.flatMap((record) => {
        const imageUrl = record.defaultImage
          ? broadcastDefaultImageUrl(record.defaultImage as BroadcastDefaultImage)
          : record.imageUrl
            ? `${PAD_IMAGE_PREFIX}${fileNameOf(record.imageUrl)}`
            : null;
        return broadcastWindows(record, zone, now, until).map((window) => ({ id: record.id, title: record.title, imageUrl, ...window }));
      });
      list.sort((a, b) => a.startAt - b.startAt || a.id - b.id);
      return { serverTime: now, list };
    },

    /** Whether a file name is one of the company's broadcast images (what a display may read). */
    isPadImage(companyId: number, name: string): Promise<boolean> {
      return broadcasts.isImageFile(companyId, `/api/upload/files/${companyId}/${name}`);
    },
  };
}
