import sharp, { type Metadata, type Sharp } from 'sharp';

/**
 * Raster images through sharp (libvips), the one place that decodes them (issue 16, finding 7;
 * docs/decisions/0010). A stored image is the decoded pixels written again: nothing of the uploaded
 * file but its picture survives (no EXIF with GPS, no bytes after the image data, no polyglot).
 */

/** The raster formats we store; anything else was refused by its magic bytes before. */
export type RasterFormat = 'png' | 'jpeg';

/** Pixels an image may have (width x height, 8000 x 5000): checked from the header before decoding. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The limit as the too-large answer names it. */
export const IMAGE_MAX_PIXELS_LABEL = '40 MP';
/** JPEG quality of a stored photo: visually lossless for photos and logos alike. */
const JPEG_QUALITY = 90;

/** Why an image was refused: not a whole image of its format, or more pixels than allowed (a decompression bomb). */
export class ImageRefused extends Error {
  override name = 'ImageRefused';
  constructor(readonly reason: 'undecodable' | 'tooManyPixels') {
    super(reason);
  }
}

/** Reads the header only: the format must match and the pixel count stay within the limit. */
async function checkHeader(content: Buffer, format: RasterFormat | undefined): Promise<RasterFormat> {
  let metadata: Metadata;
  try {
    metadata = await sharp(content, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('undecodable');
  }
  if (metadata.format !== 'png' && metadata.format !== 'jpeg') throw new ImageRefused('undecodable');
  if (format !== undefined && metadata.format !== format) throw new ImageRefused('undecodable');
  if (!metadata.width || !metadata.height) throw new ImageRefused('undecodable');
  if (metadata.width * metadata.height > IMAGE_MAX_PIXELS) throw new ImageRefused('tooManyPixels');
  return metadata.format;
}

/**
 * Decodes fully (a truncated or damaged image is refused, not half-stored), turns the picture
 * upright by its EXIF orientation, and writes it in `format`; sharp keeps no metadata unless asked.
 */
function pipeline(content: Buffer) {
  return sharp(content, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).autoOrient();
}

function encode(image: Sharp, format: RasterFormat): Sharp {
  return format === 'png' ? image.png() : image.jpeg({ quality: JPEG_QUALITY });
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    throw new ImageRefused('undecodable');
  }
}

/**
 * The image as we store it: `format` stays (png stays png, jpeg stays jpeg), upright, without
 * metadata or trailing bytes. Throws ImageRefused.
 */
export async function reencodeImage(content: Buffer, format: RasterFormat): Promise<Buffer> {
  await checkHeader(content, format);
  return run(() => encode(pipeline(content), format).toBuffer());
}

export interface Thumbnail {
  content: Buffer;
  format: RasterFormat;
  width: number;
  height: number;
}

/**
 * A smaller copy for lists and maps (desk maps, visitor photos): within `width` x `height` keeping
 * the proportions (`inside`, the default) or filling the box and cutting the overflow (`cover`);
 * never enlarged; in the image's own format. Throws ImageRefused.
 */
export async function thumbnail(content: Buffer, box: { width: number; height: number; fit?: 'inside' | 'cover' }): Promise<Thumbnail> {
  const format = await checkHeader(content, undefined);
  const resized = pipeline(content).resize({ width: box.width, height: box.height, fit: box.fit ?? 'inside', withoutEnlargement: true });
  const { data, info } = await run(() => encode(resized, format).toBuffer({ resolveWithObject: true }));
  return { content: data, format, width: info.width, height: info.height };
}
