import type { DeviceTheme, DeviceThemeRecord, ThemeImage } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test/render';
import { ThemeDrawer } from './theme-drawer';

afterEach(() => vi.restoreAllMocks());

const theme = (themeId: number, name: string, extra: Partial<DeviceTheme> = {}): DeviceTheme => ({
  id: 100 + themeId,
  themeId,
  themeName: name,
  themePath: `/api/deviceTheme/builtin/theme-${themeId}.png`,
  themeDirection: '0',
  themeType: 'ios,android',
  isCanDefine: '1',
  isInternal: false,
  logoPath: '/api/deviceTheme/builtin/logo-atrium.png',
  backgroundMapPath: '/api/deviceTheme/builtin/background-ocean.png',
  defaultLogoPath: '/api/deviceTheme/builtin/logo-atrium.png',
  defaultBackgroundMapPath: '/api/deviceTheme/builtin/background-ocean.png',
  ...extra,
});

const THEMES = [theme(1, 'Classic'), theme(2, 'Slate', { isCanDefine: '0' }), theme(4, 'Evergreen', { themeDirection: '1' })];
const image = (id: number, isBuiltIn = false): ThemeImage => ({ id, imagePath: `/api/upload/files/1/image-${id}.png`, imageType: 0, isBuiltIn });
const GALLERY = Array.from({ length: 15 }, (_, index) => image(index + 1, index < 3));

function openDrawer({ total = 15 } = {}) {
  let currentThemeId = 1;
  const onClose = vi.fn();
  const seen = stubApi({
    'POST /deviceTheme/findRoomDeviceThemeList': () => ({ result: THEMES }),
    'GET /deviceTheme/getDeviceThemeRecordByDeviceId': () => {
      const record: DeviceThemeRecord = {
        deviceId: 7,
        deviceUseType: 'door-display',
        roomId: 30,
        themeId: currentThemeId,
        isDefault: false,
        theme: THEMES.find((candidate) => candidate.themeId === currentThemeId)!,
      };
      return { result: record };
    },
    'POST /deviceTheme/updateRoomDeviceThemeRecord': ({ body }) => {
      currentThemeId = (body as { themeId: number }).themeId;
      return { message: 'Theme saved', result: null };
    },
    'POST /deviceTheme/findThemeMapDepotList': ({ body }) => {
      const { pageNum } = body as { pageNum: number };
      const list = pageNum === 1 ? GALLERY : [image(16)];
      return { result: { list, total, pageNum, pageSize: 15 } };
    },
    'POST /deviceTheme/updateRoomDeviceThemeLogo': () => ({ result: THEMES[0] }),
    'POST /deviceTheme/batchDelRoomDeviceThemeLogo': () => ({ result: { deleted: 1, roomsReset: 0 } }),
  });
  renderWithProviders(<ThemeDrawer deviceId={7} roomId={30} platform="android" open onClose={onClose} />);
  return { seen, onClose };
}

const requests = (seen: ReturnType<typeof stubApi>, path: string) => seen.filter((request) => request.path === path);

describe('ThemeDrawer', () => {
  it("lists the room's themes for the platform with the current one marked", async () => {
    const { seen } = openDrawer();
    const current = await screen.findByTestId('theme-card-1');
    await waitFor(() => expect(within(current).getByTestId('theme-current')).toHaveTextContent('Current'));
    expect(screen.getByTestId('theme-pick-1')).toHaveAttribute('aria-pressed', 'true');
    expect(requests(seen, '/deviceTheme/findRoomDeviceThemeList')[0]!.query.get('roomId')).toBe('30');
    expect(requests(seen, '/deviceTheme/findRoomDeviceThemeList')[0]!.query.get('themeType')).toBe('android');
    // Only customisable themes offer their logo and background.
    expect(screen.getByTestId('theme-change-logo-1')).toBeInTheDocument();
    expect(screen.queryByTestId('theme-change-logo-2')).not.toBeInTheDocument();
  });

  it('filters landscape and portrait themes', async () => {
    openDrawer();
    await screen.findByTestId('theme-card-4');
    const filter = screen.getByTestId('theme-direction-filter');
    await userEvent.click(within(filter).getByText('Portrait'));
    expect(screen.queryByTestId('theme-card-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('theme-card-4')).toBeInTheDocument();
    await userEvent.click(within(filter).getByText('Landscape'));
    expect(screen.queryByTestId('theme-card-4')).not.toBeInTheDocument();
    expect(screen.getByTestId('theme-card-2')).toBeInTheDocument();
  });

  it('just closes when the current theme is chosen', async () => {
    const { seen, onClose } = openDrawer();
    await waitFor(() => expect(screen.getByTestId('theme-pick-1')).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(screen.getByTestId('theme-pick-1'));
    await userEvent.click(screen.getByTestId('theme-drawer-save'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(requests(seen, '/deviceTheme/updateRoomDeviceThemeRecord')).toHaveLength(0);
  });

  it('saves another theme, then closes and reloads the theme', async () => {
    const { seen, onClose } = openDrawer();
    await waitFor(() => expect(screen.getByTestId('theme-pick-1')).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(screen.getByTestId('theme-pick-4'));
    expect(screen.getByTestId('theme-pick-4')).toHaveAttribute('aria-pressed', 'true');
    const recordReads = requests(seen, '/deviceTheme/getDeviceThemeRecordByDeviceId').length;
    await userEvent.click(screen.getByTestId('theme-drawer-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(requests(seen, '/deviceTheme/updateRoomDeviceThemeRecord').map((request) => request.body)).toEqual([
      { deviceId: 7, themeId: 4, deviceUseType: 'door-display' },
    ]);
    expect(await screen.findByText('Theme saved')).toBeInTheDocument();
    await waitFor(() => expect(requests(seen, '/deviceTheme/getDeviceThemeRecordByDeviceId').length).toBeGreaterThan(recordReads));
  });

  it('switches to the logo gallery: 4 slides in view, pages of 15, recommended size shown', async () => {
    const { seen } = openDrawer({ total: 16 });
    await userEvent.click(await screen.findByTestId('theme-change-logo-1'));
    expect(await screen.findByTestId('theme-image-panel')).toBeInTheDocument();
    expect(screen.getByText('Logo of Classic')).toBeInTheDocument();
    expect(screen.getByTestId('theme-image-hint')).toHaveTextContent('Recommended size: 600 × 160 pixels. png, jpeg, jpg, up to 2 MB.');
    await screen.findByTestId('theme-slide-1');
    expect(screen.getAllByTestId(/^theme-slide-\d+$/)).toHaveLength(4);
    expect(requests(seen, '/deviceTheme/findThemeMapDepotList')[0]!.body).toEqual({ imageType: 0, pageNum: 1, pageSize: 15 });
    await userEvent.click(screen.getByTestId('theme-carousel-next'));
    expect(screen.getAllByTestId(/^theme-slide-\d+$/).map((slide) => slide.dataset.testid)).toEqual(['theme-slide-5', 'theme-slide-6', 'theme-slide-7', 'theme-slide-8']);
    // Built-in images cannot be deleted; uploads can.
    expect(screen.getByTestId('theme-slide-delete-5')).toBeInTheDocument();
    await userEvent.click(document.querySelector<HTMLElement>('.atrium-dtheme-images-pages .ant-pagination-next')!);
    await screen.findByTestId('theme-slide-16');
    expect(requests(seen, '/deviceTheme/findThemeMapDepotList').at(-1)!.body).toEqual({ imageType: 0, pageNum: 2, pageSize: 15 });
  });

  it('warns when saving without a chosen image, then saves the chosen one and goes back to the themes', async () => {
    const { seen, onClose } = openDrawer();
    await userEvent.click(await screen.findByTestId('theme-change-logo-1'));
    await screen.findByTestId('theme-slide-2');
    await userEvent.click(screen.getByTestId('theme-image-save'));
    expect(await screen.findByText('Please choose an image first')).toBeInTheDocument();
    expect(requests(seen, '/deviceTheme/updateRoomDeviceThemeLogo')).toHaveLength(0);
    await userEvent.click(within(screen.getByTestId('theme-slide-2')).getByRole('button', { name: 'Gallery image 2' }));
    await userEvent.click(screen.getByTestId('theme-image-save'));
    await waitFor(() => expect(requests(seen, '/deviceTheme/updateRoomDeviceThemeLogo').map((request) => request.body)).toEqual([{ id: 101, logoPath: '/api/upload/files/1/image-2.png' }]));
    expect(await screen.findByTestId('theme-card-1')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('deletes an uploaded image only after confirmation', async () => {
    const { seen } = openDrawer();
    await userEvent.click(await screen.findByTestId('theme-change-logo-1'));
    await screen.findByTestId('theme-slide-4');
    await userEvent.click(screen.getByTestId('theme-slide-delete-4'));
    expect(await screen.findByText('Delete this image?')).toBeInTheDocument();
    expect(requests(seen, '/deviceTheme/batchDelRoomDeviceThemeLogo')).toHaveLength(0);
    await userEvent.click(within(document.querySelector<HTMLElement>('.ant-popconfirm')!).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests(seen, '/deviceTheme/batchDelRoomDeviceThemeLogo').map((request) => request.body)).toEqual([{ ids: [4] }]));
  });

  it('refuses a file outside the accepted formats before sending it', async () => {
    const { seen } = openDrawer();
    await userEvent.click(await screen.findByTestId('theme-change-background-1'));
    expect(await screen.findByTestId('theme-image-hint')).toHaveTextContent('2048 × 1536 or 1280 × 800');
    const input = document.querySelector<HTMLInputElement>('.atrium-dtheme-images input[type=file]')!;
    await userEvent.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await screen.findByText('Please upload png, jpeg, jpg format file')).toBeInTheDocument();
    expect(requests(seen, '/deviceTheme/uploadThemeImage')).toHaveLength(0);
  });
});
