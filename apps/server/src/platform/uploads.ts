import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Stored file names: random, URL-safe, with the extension the content was recognised as. */
export const STORED_NAME_PATTERN = /^[A-Za-z0-9_-]{16,64}\.(png|jpg|svg)$/;

export interface StoredFile {
  name: string;
  size: number;
}

export type UploadStore = ReturnType<typeof createUploadStore>;

/**
 * Files uploaded by a company, kept under `<root>/<companyId>/<random>.<ext>`. The name is ours
 * (never the client's), so a path can't escape the company's folder.
 */
export function createUploadStore({ root }: { root: string }) {
  const folderOf = (companyId: number) => path.join(root, String(Math.trunc(companyId)));

  return {
    async save(companyId: number, extension: 'png' | 'jpg' | 'svg', content: Buffer): Promise<StoredFile> {
      const folder = folderOf(companyId);
      await mkdir(folder, { recursive: true });
      const name = `${randomBytes(18).toString('base64url')}.${extension}`;
      await writeFile(path.join(folder, name), content, { flag: 'wx' });
      return { name, size: content.length };
    },

    /** Whether a company has a stored file by that name. */
    async has(companyId: number, name: string): Promise<boolean> {
      if (!STORED_NAME_PATTERN.test(name)) return false;
      try {
        return (await stat(path.join(folderOf(companyId), name))).isFile();
      } catch {
        return false;
      }
    },

    /** Removes a company's stored file; a name that is not one of ours, or a missing file, is ignored. */
    async remove(companyId: number, name: string): Promise<void> {
      if (!STORED_NAME_PATTERN.test(name)) return;
      await rm(path.join(folderOf(companyId), name), { force: true });
    },

    /** The content of a company's stored file, or undefined when there is none by that name. */
    async read(companyId: number, name: string): Promise<Buffer | undefined> {
      if (!STORED_NAME_PATTERN.test(name)) return undefined;
      const file = path.join(folderOf(companyId), name);
      try {
        if (!(await stat(file)).isFile()) return undefined;
        return await readFile(file);
      } catch {
        return undefined;
      }
    },
  };
}
