import type { ApplicationKey } from '@atrium/contract';
import airShot from './assets/air.webp';
import controlShot from './assets/control.webp';
import deskShot from './assets/desks.webp';
import roomShot from './assets/rooms.webp';
import visitorShot from './assets/visitors.webp';

/**
 * The products of the module switcher (spec 001 section 2, "Other": /switcher and the product pages
 * /rooms, /control, /vistiors, /desks, /air-sensors). Each is one application of the app centre; its
 * product page says what it does, shows it (a screenshot of the demo company) and switches it for the
 * company. Air quality's page is the module's own /air-sensors.
 */
export interface Product {
  key: 'rooms' | 'control' | 'visitors' | 'desks' | 'air';
  application: ApplicationKey;
  /** The product page; the spec's addresses, its spelling of /vistiors included. */
  path: string;
  screenshot: string;
  /** How many feature lines its texts hold (`application.products.<key>.features.<n>`). */
  features: number;
}

export const PRODUCTS: readonly Product[] = [
  { key: 'rooms', application: 'rooms', path: '/rooms', screenshot: roomShot, features: 4 },
  { key: 'control', application: 'smartRooms', path: '/control', screenshot: controlShot, features: 4 },
  { key: 'visitors', application: 'visitors', path: '/vistiors', screenshot: visitorShot, features: 4 },
  { key: 'desks', application: 'desks', path: '/desks', screenshot: deskShot, features: 4 },
  { key: 'air', application: 'airQuality', path: '/air-sensors', screenshot: airShot, features: 3 },
];

export const productOf = (key: Product['key']): Product => PRODUCTS.find((product) => product.key === key)!;

/** The applications the store's Rooms system bundles (/store/roomsSystem). */
export const ROOMS_SYSTEM: readonly ApplicationKey[] = ['rooms', 'doorDisplays', 'messages'];
