import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { FLOOR_MAP_FORMATS, FLOOR_MAP_MAX_BYTES, ReturnCode, type FloorMapInfo } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound } from '../../platform/errors.js';
import { ImageRefused, reencodeImage } from '../../platform/images.js';
import { looksLikeSvg, sanitiseSvg } from '../../platform/svg.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import { tooManyPixels, wrongFormat } from '../upload/upload.service.js';
import type { DeskRepository } from './desk.repository.js';
import type { FloorMapRepository, FloorMapValues } from './floor-map.repository.js';

export interface FloorMapServiceDeps {
  desks: Pick<DeskRepository, 'floorExists' | 'findFloorMapInfo'>;
  floorMaps: FloorMapRepository;
  operationLog: OperationLog;
  clock: Clock;
}

export type FloorMapService = ReturnType<typeof createFloorMapService>;

/** A plan over the size limit (413/1006, naming the limit). */
export const floorMapTooLarge = () => new AppError(ReturnCode.PAYLOAD_TOO_LARGE, 'uploadTooLarge', { limit: `${FLOOR_MAP_MAX_BYTES / 1024 / 1024} MB` });

const RASTERS = { 'image/png': 'png', 'image/jpeg': 'jpeg' } as const;

/** A length of an SVG's root (`1200`, `1200px`, `1200.5`); units other than px or none are not a plan's units. */
function svgLength(value: string | undefined): number | null {
  const match = value === undefined ? null : /^\s*([0-9]+(?:\.[0-9]+)?)\s*(px)?\s*$/.exec(value);
  const length = match ? Number(match[1]) : NaN;
  return Number.isFinite(length) && length > 0 ? length : null;
}

/** An SVG's own units: its viewBox's width and height, else its width and height attributes. */
export function svgSize(svg: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(root)?.[1];
  const viewBox = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (viewBox?.length === 4 && viewBox.every(Number.isFinite) && viewBox[2]! > 0 && viewBox[3]! > 0) return { width: viewBox[2]!, height: viewBox[3]! };
  const width = svgLength(attribute('width'));
  const height = svgLength(attribute('height'));
  return width !== null && height !== null ? { width, height } : null;
}

/**
 * Floor plans (decision 0019, "Floor plans"): one image per floor, checked by its content. A png or
 * jpeg is decoded and written again (platform/images.ts: nothing but its picture survives); an svg is
 * stored only once sanitised (platform/svg.ts: no script, event handler or outside reference). The
 * plan's units (pixels, or the svg's viewBox) are the floor's desk positions' coordinate space.
 */
export function createFloorMapService({ desks, floorMaps, operationLog, clock }: FloorMapServiceDeps) {
  /** The plan as it is stored: cleaned, with its own units. */
  async function clean(content: Buffer): Promise<FloorMapValues> {
    if (content.length > FLOOR_MAP_MAX_BYTES) throw floorMapTooLarge();
    if (looksLikeSvg(content)) {
      const bytes = sanitiseSvg(content);
      if (!bytes) throw wrongFormat(FLOOR_MAP_FORMATS);
      const size = svgSize(bytes.toString('utf8'));
      if (!size) throw new AppError(ReturnCode.BAD_REQUEST, 'floorMapNoSize');
      return { contentType: 'image/svg+xml', bytes, ...size };
    }
    const type = await fileTypeFromBuffer(content);
    const format = type && type.mime in RASTERS ? RASTERS[type.mime as keyof typeof RASTERS] : undefined;
    if (!format) throw wrongFormat(FLOOR_MAP_FORMATS);
    let bytes: Buffer;
    try {
      bytes = await reencodeImage(content, format);
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      throw error.reason === 'tooManyPixels' ? tooManyPixels() : wrongFormat(FLOOR_MAP_FORMATS);
    }
    const { width, height } = await sharp(bytes).metadata();
    return { contentType: format === 'png' ? 'image/png' : 'image/jpeg', bytes, width: width!, height: height! };
  }

  async function checkFloor(companyId: number, floorId: number): Promise<void> {
    if (!(await desks.floorExists(companyId, floorId))) throw notFound('deskFloorNotFound');
  }

  return {
    /** Refuses (404) a floor the company does not have, before an upload is read. */
    checkFloor,

    /** Stores a floor's plan (replacing the one it had) and answers it as the lists do. */
    async save(actor: Actor, floorId: number, content: Buffer): Promise<FloorMapInfo> {
      await checkFloor(actor.companyId, floorId);
      const values = await clean(content);
      await operationLog.track(
        actor,
        { action: 'floorMap.update', targetType: 'location', targetId: floorId, targetName: null, detail: { contentType: values.contentType, size: values.bytes.length } },
        () => floorMaps.save(actor.companyId, floorId, values, clock.now()),
      );
      return (await desks.findFloorMapInfo(actor.companyId, floorId))!;
    },

    /** Removes a floor's plan; the desks keep their positions. */
    async remove(actor: Actor, floorId: number): Promise<void> {
      await checkFloor(actor.companyId, floorId);
      if (!(await desks.findFloorMapInfo(actor.companyId, floorId))) throw notFound('floorMapNotFound');
      await operationLog.track(actor, { action: 'floorMap.delete', targetType: 'location', targetId: floorId, targetName: null, detail: {} }, () => floorMaps.remove(actor.companyId, floorId));
    },

    /** A floor's plan image; a floor without one, or another company's, 404. */
    async image(companyId: number, floorId: number) {
      const image = await floorMaps.findImage(companyId, floorId);
      if (!image) throw notFound('floorMapNotFound');
      return image;
    },
  };
}
