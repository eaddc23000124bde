import type { Kysely } from 'kysely';
import { DESK_EQUIPMENT, type DeskEquipment, type DeskMode } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

export type DeskSheetRepository = ReturnType<typeof createDeskSheetRepository>;

/** A desk as the export writes it: where it is, by name, and its owner's e-mail or department. */
export interface DeskSheetRow {
  buildingName: string | null;
  floorName: string;
  number: string;
  mode: DeskMode;
  neighbourhoodName: string | null;
  ownerEmail: string | null;
  ownerDepartment: string | null;
  equipment: DeskEquipment[];
}

const KNOWN_EQUIPMENT = new Set<string>(DESK_EQUIPMENT);
const equipmentOf = (stored: string): DeskEquipment[] => {
  try {
    const value = JSON.parse(stored) as unknown;
    return Array.isArray(value) ? value.filter((key): key is DeskEquipment => typeof key === 'string' && KNOWN_EQUIPMENT.has(key)) : [];
  } catch {
    return [];
  }
};

/** The reads the desk spreadsheet needs beyond the desk repository's: the export's rows and the owners an import names. */
export function createDeskSheetRepository(db: Kysely<DB>) {
  return {
    /** The company's desks not deleted (of one floor, or all), by building, floor and number, on floors not deleted. */
    async exportRows(companyId: number, floorId?: number): Promise<DeskSheetRow[]> {
      let query = db
        .selectFrom('desks as d')
        .innerJoin('locations as f', (join) => join.onRef('f.id', '=', 'd.floor_id').onRef('f.company_id', '=', 'd.company_id'))
        .leftJoin('locations as b', (join) => join.onRef('b.id', '=', 'f.parent_id').onRef('b.company_id', '=', 'f.company_id'))
        .leftJoin('desk_neighbourhoods as n', (join) => join.onRef('n.id', '=', 'd.neighbourhood_id').onRef('n.company_id', '=', 'd.company_id'))
        .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'd.assigned_user_id').onRef('u.company_id', '=', 'd.company_id'))
        .leftJoin('departments as dp', (join) => join.onRef('dp.id', '=', 'd.assigned_department_id').onRef('dp.company_id', '=', 'd.company_id'))
        .select(['b.name as building_name', 'f.name as floor_name', 'd.number', 'd.mode', 'd.equipment', 'n.name as neighbourhood_name', 'u.email as owner_email', 'dp.name as owner_department'])
        .where('d.company_id', '=', companyId)
        .where('d.deleted_at', 'is', null)
        .where('f.level', '=', LOCATION_LEVEL.floor)
        .where('f.deleted_at', 'is', null);
      if (floorId !== undefined) query = query.where('d.floor_id', '=', floorId);
      const rows = await query.orderBy('b.sort_order').orderBy('b.id').orderBy('f.sort_order').orderBy('f.id').orderBy('d.number_key').orderBy('d.id').execute();
      return rows.map((row) => ({
        buildingName: row.building_name,
        floorName: row.floor_name,
        number: row.number,
        mode: row.mode,
        neighbourhoodName: row.neighbourhood_name,
        ownerEmail: row.owner_email,
        ownerDepartment: row.owner_department,
        equipment: equipmentOf(row.equipment),
      }));
    },

    /** The active colleagues with an e-mail and the departments of the company: who an imported desk may belong to. */
    async owners(companyId: number): Promise<{ people: Array<{ id: number; email: string }>; departments: Array<{ id: number; name: string }> }> {
      const [people, departments] = await Promise.all([
        db.selectFrom('users').select(['id', 'email']).where('company_id', '=', companyId).where('is_active', '=', 1).where('email', 'is not', null).execute(),
        db.selectFrom('departments').select(['id', 'name']).where('company_id', '=', companyId).execute(),
      ]);
      return { people: people.map((person) => ({ id: person.id, email: person.email! })), departments };
    },
  };
}
