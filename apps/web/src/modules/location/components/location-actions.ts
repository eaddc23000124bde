import { CHILD_LEVELS, LOCATION_LEVELS, type LocationLevel } from '@atrium/contract';

/** What the context menu of a tree node can do (spec 000 section 2, Location management). */
export type LocationAction =
  | { kind: 'add'; level: Exclude<LocationLevel, 0> }
  | { kind: 'addRoom' }
  | { kind: 'edit' }
  | { kind: 'editRoom' }
  | { kind: 'setAttribute' }
  | { kind: 'moveUp' }
  | { kind: 'moveDown' }
  | { kind: 'delete' };

const ADD_KEY: Partial<Record<LocationLevel, string>> = { 1: 'addCountry', 2: 'addCity', 3: 'addPark', 5: 'addBuilding', 6: 'addFloor' };

/** The label key of an action. */
export function actionLabelKey(action: LocationAction): string {
  if (action.kind === 'add') return `location.actions.${ADD_KEY[action.level] ?? 'addCountry'}`;
  return `location.actions.${action.kind}`;
}

/**
 * The actions of a node by level: the root adds countries; each level adds the levels it may hold
 * (a floor adds rooms through the room form); rooms are edited with the room form; every real node
 * can be renamed, given attributes, moved among its siblings and deleted.
 */
export function actionsFor(level: number): LocationAction[] {
  if (level === LOCATION_LEVELS.root) return [{ kind: 'add', level: 1 }];
  const adds: LocationAction[] = (CHILD_LEVELS[level as LocationLevel] ?? []).map((child): LocationAction =>
    child === LOCATION_LEVELS.room ? { kind: 'addRoom' } : { kind: 'add', level: child },
  );
  const edit: LocationAction = level === LOCATION_LEVELS.room ? { kind: 'editRoom' } : { kind: 'edit' };
  return [...adds, edit, { kind: 'setAttribute' }, { kind: 'moveUp' }, { kind: 'moveDown' }, { kind: 'delete' }];
}

export const actionKey = (action: LocationAction) => (action.kind === 'add' ? `add-${action.level}` : action.kind);
