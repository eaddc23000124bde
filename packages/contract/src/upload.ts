import { z } from 'zod';

/**
 * What an upload is for; each kind accepts png and jpeg (spec 000 section 5, Images). An icon (a
 * location's region icon) may also be an SVG drawing, which is sanitised before it is stored.
 */
export const UPLOAD_KINDS = ['logo', 'avatar', 'image', 'icon'] as const;
export const UploadKind = z.enum(UPLOAD_KINDS);
export type UploadKind = z.infer<typeof UploadKind>;

/** Largest image accepted, in bytes (spec 000 section 9: 2 MB). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Accepted image formats, as named in the refusal message. */
export const IMAGE_FORMATS = ['png', 'jpeg', 'jpg'] as const;
/** Accepted formats of an icon. */
export const ICON_FORMATS = [...IMAGE_FORMATS, 'svg'] as const;

/** `POST /upload` result. */
export const UploadResult = z.object({
  fileUrl: z.string().describe('Address of the stored file, under /api/upload/files/'),
  fileName: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
});
export type UploadResult = z.infer<typeof UploadResult>;
