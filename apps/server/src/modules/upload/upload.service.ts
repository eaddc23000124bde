import { fileTypeFromBuffer } from 'file-type';
import { ICON_FORMATS, IMAGE_FORMATS, IMAGE_MAX_BYTES, ReturnCode, truncateText, type UploadKind, type UploadResult } from '@atrium/contract';
import { AppError, notFound } from '../../platform/errors.js';
import { IMAGE_MAX_PIXELS_LABEL, ImageRefused, reencodeImage } from '../../platform/images.js';
import { looksLikeSvg, sanitiseSvg } from '../../platform/svg.js';
import type { UploadStore } from '../../platform/uploads.js';

/** What the content of an accepted image is, by its magic bytes, and the format it is written in again. */
const ACCEPTED = {
  'image/png': { extension: 'png', format: 'png' },
  'image/jpeg': { extension: 'jpg', format: 'jpeg' },
} as const;
type AcceptedMime = keyof typeof ACCEPTED;

export const CONTENT_TYPE_OF = { png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' } as const;

export const wrongFormat = (formats: readonly string[] = IMAGE_FORMATS) =>
  new AppError(ReturnCode.UNSUPPORTED_MEDIA_TYPE, 'uploadWrongFormat', { formats: formats.join(', ') }, null, { statusCode: 415 });
export const tooLarge = () => new AppError(ReturnCode.PAYLOAD_TOO_LARGE, 'uploadTooLarge', { limit: `${IMAGE_MAX_BYTES / 1024 / 1024} MB` });
/** A small file that would decode into too many pixels (a decompression bomb). */
export const tooManyPixels = () => new AppError(ReturnCode.PAYLOAD_TOO_LARGE, 'uploadTooLarge', { limit: IMAGE_MAX_PIXELS_LABEL });

export type UploadService = ReturnType<typeof createUploadService>;

/** A stored file's address as the upload answers it: `/api/upload/files/<companyId>/<name>`. */
const FILE_URL = /^\/api\/upload\/files\/([0-9]+)\/([^/]+)$/;

/** Image uploads: checked by content (not by name or declared type), raster images re-encoded (platform/images.ts), stored per company. */
export function createUploadService({ store }: { store: UploadStore }) {
  return {
    async saveImage(companyId: number, kind: UploadKind, fileName: string, content: Buffer): Promise<UploadResult> {
      if (content.length > IMAGE_MAX_BYTES) throw tooLarge();
      if (kind === 'icon' && looksLikeSvg(content)) {
        // Stored only once cleaned: nothing in it can run or load anything when it is shown.
        const clean = sanitiseSvg(content);
        if (!clean) throw wrongFormat(ICON_FORMATS);
        const stored = await store.save(companyId, 'svg', clean);
        return { fileUrl: `/api/upload/files/${companyId}/${stored.name}`, fileName: truncateText(fileName, 254) || 'icon.svg', size: stored.size, mimeType: CONTENT_TYPE_OF.svg };
      }
      const type = await fileTypeFromBuffer(content);
      // An SVG, a renamed executable or a GIF all end here: only the bytes decide.
      if (!type || !(type.mime in ACCEPTED)) throw wrongFormat(kind === 'icon' ? ICON_FORMATS : IMAGE_FORMATS);
      const { extension, format } = ACCEPTED[type.mime as AcceptedMime];
      // Only the decoded picture is kept: metadata (EXIF with GPS) and bytes after the image data go.
      let clean: Buffer;
      try {
        clean = await reencodeImage(content, format);
      } catch (error) {
        if (!(error instanceof ImageRefused)) throw error;
        throw error.reason === 'tooManyPixels' ? tooManyPixels() : wrongFormat(kind === 'icon' ? ICON_FORMATS : IMAGE_FORMATS);
      }
      const stored = await store.save(companyId, extension, clean);
      return {
        fileUrl: `/api/upload/files/${companyId}/${stored.name}`,
        fileName: truncateText(fileName, 254) || `${kind}.${extension}`,
        size: stored.size,
        mimeType: CONTENT_TYPE_OF[extension],
      };
    },

    /**
     * Whether an address answered by the upload names a file the company has stored: a logo or an
     * avatar may only point at the company's own files (another company's answers 404 to the caller).
     */
    async isOwnImage(companyId: number, fileUrl: string): Promise<boolean> {
      const match = FILE_URL.exec(fileUrl);
      if (!match || Number(match[1]) !== companyId) return false;
      return store.has(companyId, match[2]!);
    },

    /** Removes a file the company stored, named by its address; any other address is left alone. */
    async removeImage(companyId: number, fileUrl: string): Promise<void> {
      const match = FILE_URL.exec(fileUrl);
      if (!match || Number(match[1]) !== companyId) return;
      await store.remove(companyId, match[2]!);
    },

    /** A stored file of the caller's company; another company's answers 404 like a missing one. */
    async readImage(callerCompanyId: number, companyId: number, name: string): Promise<{ content: Buffer; contentType: string }> {
      if (callerCompanyId !== companyId) throw notFound();
      const content = await store.read(companyId, name);
      if (!content) throw notFound();
      const extension = name.endsWith('.png') ? 'png' : name.endsWith('.svg') ? 'svg' : 'jpg';
      return { content, contentType: CONTENT_TYPE_OF[extension] };
    },
  };
}
