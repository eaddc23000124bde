import { describe, expect, it } from 'vitest';

// The console's test files share one module registry per worker (vitest.config.ts); a file that replaces
// a module must run in a registry of its own, which its name asks for.
const testFiles = import.meta.glob<string>('../**/*.test.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

describe('console test files', () => {
  it('name a file that replaces a module *.isolated.test, and only such a file', () => {
    const replacing = Object.entries(testFiles)
      .filter(([path, source]) => path !== './isolated-tests.test.ts' && /\bvi\.(do)?mock\(/.test(source))
      .map(([path]) => path);
    const isolated = Object.keys(testFiles).filter((path) => path.includes('.isolated.test.'));
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.sort()).toEqual(isolated.sort());
  });
});
