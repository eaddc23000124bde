import { afterEach, describe, expect, it, vi } from 'vitest';
import { downscalePhoto, PHOTO_MAX_SIDE, UnreadablePhotoError } from './downscale-photo';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A browser that decodes a photo of `width` x `height` and draws it on a canvas (jsdom does neither). */
function stubBrowser(width: number, height: number) {
  const close = vi.fn();
  vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width, height, close })));
  const drawImage = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage, fillRect: vi.fn(), fillStyle: '' } as unknown as CanvasRenderingContext2D);
  const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(new Blob(['small'], { type: 'image/jpeg' })));
  return { close, drawImage, toBlob };
}

describe('downscalePhoto', () => {
  it("makes a phone's photo at most 1280 px on its longer side, as a JPEG", async () => {
    const { close, drawImage, toBlob } = stubBrowser(3024, 4032);
    const photo = await downscalePhoto(new File(['large'], 'IMG_0001.jpg', { type: 'image/jpeg' }));
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 960, PHOTO_MAX_SIDE);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', expect.any(Number));
    expect(photo.type).toBe('image/jpeg');
    expect(photo.name).toBe('photo.jpg');
    expect(close).toHaveBeenCalled();
  });

  it('keeps the size of a photo small enough already', async () => {
    const { drawImage } = stubBrowser(800, 600);
    await downscalePhoto(new File(['small'], 'small.png', { type: 'image/png' }));
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 800, 600);
  });

  it('says a photo the browser cannot decode is unreadable', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('bad image', 'InvalidStateError');
      }),
    );
    await expect(downscalePhoto(new File(['heic'], 'IMG.HEIC', { type: 'image/heic' }))).rejects.toBeInstanceOf(UnreadablePhotoError);
  });

  it('sends the photo as it is from a browser that cannot decode in the background', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const original = new File(['as is'], 'me.jpg', { type: 'image/jpeg' });
    expect(await downscalePhoto(original)).toBe(original);
  });
});
