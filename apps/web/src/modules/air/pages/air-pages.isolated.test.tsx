import type { AirAlert, AirBoard, AirDevice, AirHistory, AirNow, AirThresholds, LocationNode } from '@atrium/contract';
import { AIR_PRESET_THRESHOLDS } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

// jsdom draws no canvas: the chart shows the option it was given.
vi.mock('../../../shared/charts/echart', () => ({
  EChart: ({ option, label, testId }: { option: { series: Array<{ data: unknown[] }> }; label: string; testId: string }) => (
    <div role="img" aria-label={label} data-testid={testId} data-series={JSON.stringify(option.series.map((series) => series.data))} />
  ),
}));

/** The files the page saved, with their contents. */
const saved: Array<{ name: string; blob: Blob }> = [];
let lastBlob: Blob | null = null;
beforeEach(() => {
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      lastBlob = blob;
      return 'blob:air';
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download && lastBlob) saved.push({ name: this.download, blob: lastBlob });
  });
});

afterEach(() => {
  saved.length = 0;
  vi.restoreAllMocks();
});

const node = (id: number, locationName: string, childList: LocationNode[] = []): LocationNode => ({
  id,
  parentId: null,
  level: 1,
  locationName,
  sortOrder: 0,
  childLevel: [],
  hasChildren: childList.length > 0,
  childList,
  regionIconUrl: null,
  description: null,
  timeZone: null,
  address: null,
  effectiveTimeZone: null,
  effectiveAddress: null,
});
const TREE = [node(1, 'Tower A', [node(2, 'Floor 3', [node(7, 'Lab'), node(8, '=Lounge')])])];

const NOW: AirNow = {
  devicesOnline: 2,
  devicesTotal: 3,
  list: [
    { locationId: 7, name: 'Lab', path: ['Tower A', 'Floor 3', 'Lab'], values: { co2: 1250, temperature: 22.46, tvoc: 229.49 }, states: { co2: 'alert', temperature: 'ok', tvoc: 'ok' }, openAlerts: 1, devicesOnline: 1, devicesTotal: 2, lastReadingAt: 1 },
    { locationId: 8, name: '=Lounge', path: ['=Annex', 'Floor 3', '=Lounge'], values: { humidity: 65 }, states: { humidity: 'beyond' }, openAlerts: 0, devicesOnline: 1, devicesTotal: 1, lastReadingAt: 1 },
  ],
};
const ALERT: AirAlert = {
  id: 41,
  deviceId: 5,
  locationId: 7,
  locationName: 'Lab',
  metric: 'co2',
  unit: 'ppm',
  state: 'raised',
  side: 'above',
  limit: 800,
  peak: 1300,
  raisedAt: Date.UTC(2026, 10, 30, 8, 0),
  clearedAt: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  acknowledgedByName: null,
};
const DEVICES: AirDevice[] = [
  { id: 5, name: 'Lab east', locationId: 7, path: ['Tower A', 'Floor 3', 'Lab'], status: 'online', lastSeenAt: Date.UTC(2026, 10, 30, 8, 0), values: { co2: 1250 } },
  { id: 6, name: 'Boxed', locationId: null, path: [], status: 'inactive', lastSeenAt: null, values: {} },
];
const THRESHOLDS: AirThresholds = { defaultPreset: 'well_v2', presets: AIR_PRESET_THRESHOLDS, settings: [] };

const menu = [
  makeEntry('airQuality', '', [
    makeEntry('airSensors', '/air-sensors'),
    makeEntry('qualityData', '/quality-data'),
    makeEntry('qualityEquipment', '/quality-equipment'),
    makeEntry('qualityLocation', '/quality-location'),
  ]),
];
const open = (path: string, permissions = ['roomsLocations:view', 'roomsLocations:edit']) => renderConsole({ path, user: makeUser({ permissions }), menu });

describe('air sensors page', () => {
  it("shows each place's values in its units, coloured by state, and acknowledges an open alert", async () => {
    const user = userEvent.setup();
    let acknowledged = false;
    const seen = stubApi({
      'GET /air/now': { result: NOW },
      'GET /location/getLocationTree': { result: TREE },
      'GET /air/alerts': () => ({ result: { list: [acknowledged ? { ...ALERT, acknowledgedAt: 2, acknowledgedBy: 1, acknowledgedByName: 'Ada Lovelace' } : ALERT], total: 1, page: 1, pageSize: 100 } }),
      'POST /air/alerts/41/acknowledge': () => {
        acknowledged = true;
        return { result: ALERT };
      },
    });
    open('/air-sensors');
    const lab = await screen.findByTestId('air-place-7');
    expect(lab).toHaveAttribute('data-state', 'alert');
    expect(within(lab).getByTestId('air-place-7-co2')).toHaveTextContent('CO₂1,250 ppmAlert');
    expect(within(lab).getByTestId('air-place-7-temperature')).toHaveTextContent('22.5 °C');
    expect(within(lab).getByTestId('air-place-7-tvoc')).toHaveTextContent('229 µg/m³');
    expect(within(lab).getByTestId('air-place-7-co2')).toHaveAttribute('data-state', 'alert');
    expect(within(lab).getByText('Open alerts: 1')).toBeInTheDocument();
    expect(screen.getByTestId('air-place-8-humidity')).toHaveTextContent('65%Past the limit');
    expect(screen.getByTestId('air-devices-online')).toHaveTextContent('Monitors online: 2 of 3');

    const alert = await screen.findByTestId('air-alert-41');
    expect(alert).toHaveTextContent('CO₂ above 800 ppm (peak 1,300 ppm)');
    await user.click(within(alert).getByTestId('air-alert-ack-41'));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST' && request.path === '/air/alerts/41/acknowledge')).toBe(true));
    expect(await within(screen.getByTestId('air-alert-41')).findByText('Seen by Ada Lovelace')).toBeInTheDocument();
  });

  it('creates a lobby board link and shows its address once', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /air/now': { result: NOW },
      'GET /location/getLocationTree': { result: TREE },
      'GET /air/alerts': { result: { list: [], total: 0, page: 1, pageSize: 100 } },
      'GET /air/board-links': { result: { list: [] } },
      'POST /air/board-links': ({ body }) => ({ result: { id: 3, name: (body as { name: string }).name, locationId: null, locationName: null, createdByName: 'Ada', createdAt: 1, revokedAt: null, token: 's3cret', path: '/air-board/s3cret' } }),
    });
    open('/air-sensors');
    await user.click(await screen.findByTestId('air-links-open'));
    await user.type(await screen.findByTestId('air-link-name'), 'Lobby');
    await user.click(screen.getByTestId('air-link-create'));
    expect(await screen.findByTestId('air-created-link')).toHaveTextContent(`${window.location.origin}/air-board/s3cret`);
    expect(seen.find((request) => request.method === 'POST' && request.path === '/air/board-links')?.body).toEqual({ name: 'Lobby', locationId: null });
  });

  it('hides acknowledging from a viewer', async () => {
    stubApi({
      'GET /air/now': { result: NOW },
      'GET /location/getLocationTree': { result: TREE },
      'GET /air/alerts': { result: { list: [ALERT], total: 1, page: 1, pageSize: 100 } },
    });
    open('/air-sensors', ['roomsLocations:view']);
    expect(await screen.findByTestId('air-alert-41')).toBeInTheDocument();
    expect(screen.queryByTestId('air-alert-ack-41')).toBeNull();
  });
});

describe('air data page', () => {
  it("charts a place's history for the last day and saves it as a formula-safe CSV", async () => {
    const user = userEvent.setup();
    const history: AirHistory = {
      metric: 'co2',
      unit: 'ppm',
      grain: 'minute',
      points: [
        { at: Date.UTC(2026, 10, 30, 8, 0), avg: 900, min: 880, max: 920, count: 2 },
        { at: Date.UTC(2026, 10, 30, 8, 1), avg: 950, min: 950, max: 950, count: 1 },
      ],
    };
    const seen = stubApi({ 'GET /air/now': { result: NOW }, 'GET /air/devices': { result: { list: DEVICES } }, 'GET /air/history': { result: history } });
    open('/quality-data');
    expect(await screen.findByText('Choose a place or a monitor')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Place' }));
    await user.click(await screen.findByTitle('=Annex / Floor 3 / =Lounge'));
    const chart = await screen.findByTestId('air-data-chart');
    expect(JSON.parse(chart.getAttribute('data-series')!)).toEqual([
      [900, 950],
      [880, 950],
      [920, 950],
    ]);
    expect(screen.getByTestId('air-data-grain')).toHaveTextContent('per minute');
    const asked = seen.filter((request) => request.path === '/air/history').at(-1)!;
    expect([asked.query.get('locationId'), asked.query.get('metric')]).toEqual(['8', 'co2']);
    expect(Number(asked.query.get('to')) - Number(asked.query.get('from'))).toBe(86_400_000);

    await user.click(screen.getByTestId('air-data-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    // A byte-order mark first, so spreadsheet programs read Chinese names right.
    expect([...new Uint8Array(await saved[0]!.blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await saved[0]!.blob.text();
    // The place's path starts with "=": written as text, never run as a formula.
    expect(text.split('\r\n')[0]).toBe("'=Annex / Floor 3 / =Lounge,CO₂ (ppm),per minute");
    expect(text.split('\r\n')[2]).toMatch(/^2026-11-30 \d\d:00,900,880,920,2$/);
  });
});

describe('air monitors page', () => {
  it('lists the monitors with their place, status and latest values', async () => {
    stubApi({ 'GET /air/devices': { result: { list: DEVICES } } });
    open('/quality-equipment');
    expect(await screen.findByTestId('air-device-status-5')).toHaveTextContent('Online');
    expect(screen.getByTestId('air-device-values-5')).toHaveTextContent('CO₂ 1,250 ppm');
    expect(screen.getByTestId('air-device-status-6')).toHaveTextContent('Inactive');
    expect(screen.getByText('Tower A / Floor 3 / Lab')).toBeInTheDocument();
    expect(screen.getByText('Not placed')).toBeInTheDocument();
  });
});

describe('air-quality areas page', () => {
  it("shows a preset's limits, saves custom limits for the company and removes a location's setting", async () => {
    const user = userEvent.setup();
    let answer = THRESHOLDS;
    const seen = stubApi({
      'GET /air/thresholds': () => ({ result: answer }),
      'GET /location/getLocationTree': { result: TREE },
      'PUT /air/thresholds': ({ body }) => {
        const { preset, custom } = body as { preset: 'custom'; custom: AirThresholds['presets']['well_v2'] };
        answer = { ...THRESHOLDS, settings: [{ locationId: null, locationName: null, preset, custom, thresholds: custom, updatedAt: 1, updatedBy: 1 }, { locationId: 7, locationName: 'Lab', preset: 'gb_t_18883', custom: null, thresholds: AIR_PRESET_THRESHOLDS.gb_t_18883, updatedAt: 1, updatedBy: 1 }] };
        return { result: answer };
      },
      'DELETE /air/thresholds': () => {
        answer = { ...answer, settings: answer.settings.filter((setting) => setting.locationId !== 7) };
        return { result: answer };
      },
    });
    open('/quality-location');
    const limits = await screen.findByTestId('air-location-limits');
    // WELL v2: CO2 at most 800 ppm, no temperature limit, five minutes.
    expect(await within(limits).findByText('800')).toBeInTheDocument();
    expect(screen.getByTestId('air-location-duration-value')).toHaveTextContent('300');
    await user.click(screen.getByLabelText('Custom'));
    const co2Max = await screen.findByTestId('air-limit-co2-max');
    await user.clear(co2Max);
    await user.type(co2Max, '1000');
    const duration = screen.getByTestId('air-location-duration');
    await user.clear(duration);
    await user.type(duration, '120');
    await user.click(screen.getByTestId('air-location-save'));
    await waitFor(() => expect(seen.some((request) => request.method === 'PUT')).toBe(true));
    const body = seen.find((request) => request.method === 'PUT')!.body as { locationId: null; preset: string; custom: { limits: Record<string, unknown>; minDurationSeconds: number } };
    expect(body).toMatchObject({ locationId: null, preset: 'custom', custom: { minDurationSeconds: 120, limits: { co2: { max: 1000, band: 50 }, humidity: { min: 30, max: 60, band: 2 } } } });
    expect(body.custom.limits.temperature).toBeUndefined();

    await user.click(await screen.findByTestId('air-setting-remove-7'));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(seen.find((request) => request.method === 'DELETE')?.body).toEqual({ locationId: 7 }));
    await waitFor(() => expect(screen.queryByTestId('air-setting-remove-7')).toBeNull());
  });
});

describe('the public air board', () => {
  const BOARD: AirBoard = { name: 'Lobby', companyName: 'Clear Air Co', list: NOW.list.map(({ name, path, values, states, openAlerts, lastReadingAt }) => ({ name, path, values, states, openAlerts, lastReadingAt })) };

  it('opens by its link without a session, in Chinese when asked', async () => {
    const seen = stubApi({ 'GET /air/board': { result: BOARD } });
    renderConsole({ path: '/air-board/s3cret?lang=zh-CN' });
    const board = await screen.findByTestId('air-board');
    expect(seen.find((request) => request.path === '/air/board')?.query.get('token')).toBe('s3cret');
    await waitFor(() => expect(within(board).getByRole('heading', { level: 1 })).toHaveTextContent('Lobby'));
    await waitFor(() => expect(within(board).getByTestId('air-board-place-0-co2')).toHaveTextContent('二氧化碳1,250 ppm告警'));
    expect(within(board).getByTestId('air-board-place-1-humidity')).toHaveTextContent('超出限值');
  });

  it('says so when the link is revoked', async () => {
    stubApi({ 'GET /air/board': { status: 404, returncode: 1002, message: 'This air board link does not exist or has been revoked' } });
    renderConsole({ path: '/air-board/gone' });
    expect(await screen.findByText('This board link does not work.')).toBeInTheDocument();
  });
});
