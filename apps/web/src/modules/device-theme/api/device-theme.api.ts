import type {
  DeleteThemeImagesResult,
  DeviceTheme,
  DeviceThemeRecord,
  ThemeGalleryPage,
  ThemeImage,
  ThemeImageType,
  ThemePlatform,
} from '@atrium/contract';
import { THEME_GALLERY_PAGE_SIZE } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

export const deviceThemeKeys = {
  all: ['deviceTheme'] as const,
  roomThemes: (roomId: number, platform: ThemePlatform | null) => ['deviceTheme', 'room', roomId, platform] as const,
  record: (deviceId: number) => ['deviceTheme', 'record', deviceId] as const,
  gallery: (imageType: ThemeImageType, pageNum: number) => ['deviceTheme', 'gallery', imageType, pageNum] as const,
};

/** `POST /deviceTheme/findRoomDeviceThemeList`: the themes the room's displays may use on the platform. */
export function useRoomThemes(roomId: number, platform: ThemePlatform | null, enabled: boolean) {
  return useQuery({
    queryKey: deviceThemeKeys.roomThemes(roomId, platform),
    queryFn: ({ signal }) => api.post<DeviceTheme[]>('/deviceTheme/findRoomDeviceThemeList', {}, { query: { roomId, themeType: platform }, signal }),
    enabled,
  });
}

/** `GET /deviceTheme/getDeviceThemeRecordByDeviceId`: the theme the display shows now. */
export function useDeviceThemeRecord(deviceId: number, enabled: boolean) {
  return useQuery({
    queryKey: deviceThemeKeys.record(deviceId),
    queryFn: ({ signal }) =>
      api.get<DeviceThemeRecord>('/deviceTheme/getDeviceThemeRecordByDeviceId', { query: { deviceId, deviceUseType: 'door-display' }, signal }),
    enabled,
  });
}

/** `POST /deviceTheme/findThemeMapDepotList`: one page (15) of the gallery. */
export function useThemeGallery(imageType: ThemeImageType, pageNum: number, enabled: boolean) {
  return useQuery({
    queryKey: deviceThemeKeys.gallery(imageType, pageNum),
    queryFn: ({ signal }) =>
      api.post<ThemeGalleryPage>('/deviceTheme/findThemeMapDepotList', { imageType, pageNum, pageSize: THEME_GALLERY_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Reloads everything the drawer shows (after a save or a delete). */
function useReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: deviceThemeKeys.all });
}

/** `POST /deviceTheme/updateRoomDeviceThemeRecord`: gives the display a theme. */
export function useSetDeviceTheme() {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: { deviceId: number; themeId: number }) =>
      api.post<DeviceThemeRecord>('/deviceTheme/updateRoomDeviceThemeRecord', { ...body, deviceUseType: 'door-display' }),
    onSuccess: reload,
  });
}

/** `updateRoomDeviceThemeLogo` / `...BackgroundMap`: a gallery image (or null: the default) for the room's theme. */
export function useSetRoomThemeImage() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, imageType, imagePath }: { id: number; imageType: ThemeImageType; imagePath: string | null }) =>
      imageType === 0
        ? api.post<DeviceTheme>('/deviceTheme/updateRoomDeviceThemeLogo', { id, logoPath: imagePath })
        : api.post<DeviceTheme>('/deviceTheme/updateRoomDeviceThemeBackgroundMap', { id, backgroundMapPath: imagePath }),
    onSuccess: reload,
  });
}

/** `POST /deviceTheme/uploadThemeImage` (multipart): the image type first, then the file. */
export function useUploadThemeImage() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ imageType, file }: { imageType: ThemeImageType; file: File }) => {
      const form = new FormData();
      form.append('imageType', String(imageType));
      form.append('file', file);
      return api.post<ThemeImage>('/deviceTheme/uploadThemeImage', form, { notify: false });
    },
    onSuccess: reload,
  });
}

/** `batchDelRoomDeviceThemeLogo` / `batchDelThemeBackgroundMap`: deletes the company's gallery images. */
export function useDeleteThemeImages() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ imageType, ids }: { imageType: ThemeImageType; ids: number[] }) =>
      api.post<DeleteThemeImagesResult>(imageType === 0 ? '/deviceTheme/batchDelRoomDeviceThemeLogo' : '/deviceTheme/batchDelThemeBackgroundMap', { ids }),
    onSuccess: reload,
  });
}
