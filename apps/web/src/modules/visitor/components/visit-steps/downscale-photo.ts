/** The longest side of a photo as it is sent: enough for the server's 480 px, little of a phone's data. */
export const PHOTO_MAX_SIDE = 1280;
const JPEG_QUALITY = 0.85;

/** A photo the browser could not read (a format it cannot decode, a damaged file). */
export class UnreadablePhotoError extends Error {
  constructor() {
    super('unreadable photo');
    this.name = 'UnreadablePhotoError';
  }
}

/**
 * A camera's photo made small in the browser before it is sent (a phone's is several megabytes):
 * at most PHOTO_MAX_SIDE pixels on its longer side, as a JPEG, upright (the browser applies the
 * photo's orientation when it decodes it). A browser that cannot decode in the background sends
 * the photo as it is: the server makes it small as well.
 */
export async function downscalePhoto(photo: File): Promise<File> {
  if (typeof createImageBitmap !== 'function') return photo;
  let image: ImageBitmap;
  try {
    image = await createImageBitmap(photo);
  } catch {
    throw new UnreadablePhotoError();
  }
  try {
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(image.width, image.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.width * scale);
    canvas.height = Math.round(image.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return photo;
    // A transparent picture (a PNG) on white, not on a JPEG's black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    return blob ? new File([blob], 'photo.jpg', { type: 'image/jpeg' }) : photo;
  } finally {
    image.close();
  }
}
