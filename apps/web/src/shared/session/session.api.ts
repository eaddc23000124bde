import type { CurrentUserInfo, MenuEntry } from '@atrium/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/api';

export const sessionKeys = {
  all: ['session'] as const,
  currentUser: ['session', 'currentUser'] as const,
  menu: ['session', 'menu'] as const,
};

/** `GET /user/getCurrentUserInfo`: who is signed in, asked at start-up (spec 000 section 7). */
export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.currentUser,
  queryFn: ({ signal }) => api.get<CurrentUserInfo>('/user/getCurrentUserInfo', { signal }),
  staleTime: Infinity,
});

/** `GET /user/getMenuList`: the signed-in user's menu. */
export const menuQuery = queryOptions({
  queryKey: sessionKeys.menu,
  queryFn: ({ signal }) => api.get<MenuEntry[]>('/user/getMenuList', { signal }),
  staleTime: Infinity,
});
