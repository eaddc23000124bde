import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's parameters (m=19456 KiB, t=2, p=1). The library's default algorithm is
 * argon2id; its enum is a const enum that isolated modules cannot import, so it is left implicit
 * and a test checks the PHC prefix instead.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes and checks passwords; a port so services state what they use. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a stored value that is not a valid hash. */
  verify(storedHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown account answers as slowly as a known one. */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswordHasher(): PasswordHasher {
  let dummyHash: Promise<string> | undefined;
  const safeVerify = async (storedHash: string, password: string) => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => hash(password, OPTIONS),
    verify: safeVerify,
    async verifyDummy(password) {
      dummyHash ??= hash('atrium-dummy-password-for-timing', OPTIONS);
      await safeVerify(await dummyHash, password);
    },
  };
}
