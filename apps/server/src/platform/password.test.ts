import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './password.js';

describe('password hasher', () => {
  const hasher = createPasswordHasher();

  it('uses argon2id with m=19456, t=2, p=1 and a fresh salt each time', async () => {
    const first = await hasher.hash('Correct-Horse-42');
    const second = await hasher.hash('Correct-Horse-42');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password only, and treats a damaged hash as a mismatch', async () => {
    const stored = await hasher.hash('Correct-Horse-42');
    expect(await hasher.verify(stored, 'Correct-Horse-42')).toBe(true);
    expect(await hasher.verify(stored, 'correct-horse-42')).toBe(false);
    expect(await hasher.verify('not a hash', 'Correct-Horse-42')).toBe(false);
    await expect(hasher.verifyDummy('anything')).resolves.toBeUndefined();
  });
});
