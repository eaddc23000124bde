import type { PageRoute } from '../../shared/routing/page-route';

/** A product page (see products.ts): its code is the shared product page, bound to the product. */
const product = (path: string, key: 'rooms' | 'control' | 'visitors' | 'desks'): PageRoute => ({
  path,
  titleKey: `application.products.${key}.name`,
  keepAlive: false,
  load: () => import('./pages/product-page').then((m) => m.productPage(key)),
});

export const applicationRoutes: PageRoute[] = [
  {
    path: '/application',
    titleKey: 'menu.application',
    menuKey: 'application',
    keepAlive: false,
    load: () => import('./pages/application-page').then((m) => m.ApplicationPage),
  },
  {
    path: '/switcher',
    titleKey: 'application.switcher.title',
    keepAlive: false,
    load: () => import('./pages/switcher-page').then((m) => m.SwitcherPage),
  },
  product('/rooms', 'rooms'),
  product('/control', 'control'),
  product('/vistiors', 'visitors'),
  product('/desks', 'desks'),
  {
    path: '/store/roomsSystem',
    titleKey: 'application.store.title',
    keepAlive: false,
    load: () => import('./pages/store-page').then((m) => m.StorePage),
  },
];
