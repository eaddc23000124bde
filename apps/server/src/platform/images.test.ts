import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { onePixelColourPng } from '../test/uploads.js';
import { ImageRefused, reencodeImage, thumbnail } from './images.js';

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3a7' } });
const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRefused);
  return (error as ImageRefused).reason;
};

describe('images (sharp)', () => {
  it('makes thumbnails within a box in the image’s own format, never enlarged', async () => {
    const png = await picture(400, 200).png().toBuffer();
    const inside = await thumbnail(png, { width: 100, height: 100 });
    expect([inside.format, inside.width, inside.height]).toEqual(['png', 100, 50]);
    expect(await sharp(inside.content).metadata()).toMatchObject({ format: 'png', width: 100, height: 50 });
    const cover = await thumbnail(png, { width: 100, height: 100, fit: 'cover' });
    expect([cover.width, cover.height]).toEqual([100, 100]);
    const jpeg = await thumbnail(await picture(300, 600).jpeg().toBuffer(), { width: 60, height: 60 });
    expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', 30, 60]);
    const small = await thumbnail(await picture(20, 10).png().toBuffer(), { width: 100, height: 100 });
    expect([small.width, small.height]).toEqual([20, 10]);
  });

  it('turns a thumbnail upright by the EXIF orientation and keeps no metadata', async () => {
    const turned = await picture(80, 40).jpeg().withMetadata({ orientation: 6 }).withExif({ IFD0: { Make: 'SpyCam' } }).toBuffer();
    const small = await thumbnail(turned, { width: 20, height: 20 });
    expect([small.width, small.height]).toEqual([10, 20]);
    const metadata = await sharp(small.content).metadata();
    expect([metadata.orientation, metadata.exif]).toEqual([undefined, undefined]);
  });

  it('refuses what is not a whole png or jpeg, and a picture of too many pixels, before decoding it', async () => {
    const png = await picture(64, 64).png().toBuffer();
    expect(await refusal(reencodeImage(Buffer.from('not an image'), 'png'))).toBe('undecodable');
    expect(await refusal(reencodeImage(png, 'jpeg'))).toBe('undecodable');
    expect(await refusal(reencodeImage(await picture(8, 8).gif().toBuffer(), 'png'))).toBe('undecodable');
    expect(await refusal(thumbnail(png.subarray(0, png.length - 30), { width: 10, height: 10 }))).toBe('undecodable');
    const bomb = await onePixelColourPng(10_000, 10_000);
    expect(await refusal(reencodeImage(bomb, 'png'))).toBe('tooManyPixels');
    expect(await refusal(thumbnail(bomb, { width: 10, height: 10 }))).toBe('tooManyPixels');
    // Just within the limit (8000 x 5000) is an image like any other.
    expect((await thumbnail(await onePixelColourPng(8000, 5000), { width: 80, height: 80 })).width).toBe(80);
  });
});
