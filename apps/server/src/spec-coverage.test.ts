import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { TEST_DIALECT } from './test/database.js';
import { parseSpec, readSpecDocuments, readSpecLists, SPEC_LISTS_SNAPSHOT, specDirectory } from './test/spec-lists.js';

/**
 * The calls the spec's tables are still owed, each with the issue that builds it. The list only
 * shrinks: a call served is taken off (the test says which), and every other call of the spec must be
 * served under `/api` at exactly its path and method.
 */
const NOT_YET_SERVED: Record<string, string> = {};

/** `/api/x/:id` and the spec's `/x/{id}` as one shape. */
const shape = (url: string) => url.replace(/:[\w]+|\{[^}]+\}/g, '{}');

describe(`the spec's call tables (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('reads the same lists from the spec as the snapshot kept for checkouts without it', () => {
    const snapshot = JSON.parse(readFileSync(SPEC_LISTS_SNAPSHOT, 'utf8')) as unknown;
    const dir = specDirectory();
    // Without the spec beside the repository (a clean clone elsewhere) the snapshot is all there is.
    if (!dir) return;
    expect(parseSpec(readSpecDocuments(dir)), `regenerate ${SPEC_LISTS_SNAPSHOT} (see apps/server/src/test/spec-lists.ts)`).toEqual(snapshot);
  });

  it('reads every list of the documents: calls from tables, sentences, bases and shorthand', () => {
    const calls = new Set(readSpecLists().calls.map((call) => `${call.method} ${call.path}`));
    // A table row, a sentence's bare continuation, a method list, a tenant label, an aside, the boss base, a sibling name.
    for (const call of [
      'POST /login',
      'GET /location/getLocationRegionInfo',
      'DELETE /tenant/group/style-table',
      'PUT /tenant/company-contacts',
      'POST /tenant/location/tree/product',
      'POST /person/message/trigger/bind-station-message',
      'POST /boss/storeManager/menuPermissions',
      'POST /upload',
      'GET /zoom/findZoomRoomsList',
    ]) {
      expect(calls, call).toContain(call);
    }
    expect(calls.size).toBeGreaterThan(120);
  });

  it('serves every call of both documents at its path and method, apart from the few still owed', () => {
    const served = new Set(t.app.routeTable.map((route) => `${route.method} ${shape(route.url)}`));
    const isServed = (key: string) => {
      const [method, callPath] = key.split(' ') as [string, string];
      return served.has(`${method} ${shape(`/api${callPath}`)}`);
    };
    const calls = readSpecLists().calls.map((call) => `${call.method} ${call.path}`);
    expect(calls.filter((key) => !isServed(key) && !(key in NOT_YET_SERVED)), 'spec calls not served').toEqual([]);
    expect(
      Object.keys(NOT_YET_SERVED).filter((key) => isServed(key) || !calls.includes(key)),
      'served now (or not in the spec): take them off NOT_YET_SERVED',
    ).toEqual([]);
  });
});
