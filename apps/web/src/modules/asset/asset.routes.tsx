import type { PageRoute } from '../../shared/routing/page-route';

/** The asset pages (issue 21; decision 0019 "Assets"): the equipment catalogue and the assets. */
export const assetRoutes: PageRoute[] = [
  {
    path: '/deskeeper-equipment',
    titleKey: 'menu.deskeeperEquipment',
    menuKey: 'deskeeperEquipment',
    keepAlive: true,
    texts: ['asset'],
    load: () => import('./pages/asset-catalogue-page').then((m) => m.AssetCataloguePage),
  },
  {
    path: '/deskeeper-assets',
    titleKey: 'menu.deskeeperAssets',
    menuKey: 'deskeeperAssets',
    keepAlive: true,
    // An asset's drawer reports a problem with it (the repair centre's texts).
    texts: ['asset', 'repair'],
    load: () => import('./pages/asset-page').then((m) => m.AssetPage),
  },
];
