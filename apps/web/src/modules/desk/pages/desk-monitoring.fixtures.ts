import type { DeskFloor, DeskOverview } from '@atrium/contract';

/** Two floors with desks, as the monitoring answers list them for their filters. */
export const monitoringFloors: DeskFloor[] = [
  { floorId: 3, floorName: 'Level 3', buildingId: 2, buildingName: 'Harbour House', timeZone: 'America/New_York', deskCount: 4, neighbourhoods: [], map: null },
  { floorId: 4, floorName: 'Level 4', buildingId: 2, buildingName: 'Harbour House', timeZone: 'America/New_York', deskCount: 2, neighbourhoods: [], map: null },
];

/** Figures with every count zero, to override. */
export const noFigures: DeskOverview['totals'] = { bookableHours: 0, bookedHours: 0, utilisation: null, bookings: 0, due: 0, checkedIn: 0, noShows: 0, checkInRate: null, noShowRate: null };
