import { describe, expect, it } from 'vitest';
import { actionKey, actionLabelKey, actionsFor } from './location-actions';

const keys = (level: number) => actionsFor(level).map(actionKey);
const common = ['setAttribute', 'moveUp', 'moveDown', 'delete'];

describe('location context menu', () => {
  it('offers each level the actions of spec 000 section 2, plus rename and moves', () => {
    expect(keys(0)).toEqual(['add-1']);
    expect(keys(1)).toEqual(['add-2', 'edit', ...common]);
    expect(keys(2)).toEqual(['add-3', 'add-5', 'edit', ...common]);
    expect(keys(3)).toEqual(['add-5', 'edit', ...common]);
    expect(keys(5)).toEqual(['add-6', 'edit', ...common]);
    expect(keys(6)).toEqual(['addRoom', 'edit', ...common]);
    expect(keys(7)).toEqual(['editRoom', ...common]);
  });

  it('labels the adds by the level they add', () => {
    expect(actionsFor(2).map(actionLabelKey).slice(0, 2)).toEqual(['location.actions.addPark', 'location.actions.addBuilding']);
    expect(actionLabelKey({ kind: 'add', level: 1 })).toBe('location.actions.addCountry');
    expect(actionLabelKey({ kind: 'moveDown' })).toBe('location.actions.moveDown');
  });
});
