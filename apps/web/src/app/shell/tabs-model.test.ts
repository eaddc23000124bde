import { describe, expect, it } from 'vitest';
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  closedPaths,
  INDEX_TAB,
  moveTab,
  openTab,
  runCloseCommand,
  tabTestIdSuffix,
  withIndexTab,
  type Tab,
} from './tabs-model';

const tab = (path: string, search = ''): Tab => ({ path, fullPath: path + search });
const paths = (tabs: Tab[]) => tabs.map((t) => t.path);
const A = tab('/a');
const B = tab('/b');
const C = tab('/c');
const D = tab('/d');
const all = [INDEX_TAB, A, B, C, D];

describe('openTab', () => {
  it('appends a new page and keeps the order of the others', () => {
    expect(paths(openTab([INDEX_TAB, A], B))).toEqual(['/index', '/a', '/b']);
  });

  it('updates the address of an open page in place instead of adding a second tab', () => {
    const tabs = openTab([INDEX_TAB, A, B], tab('/a', '?q=1'));
    expect(paths(tabs)).toEqual(['/index', '/a', '/b']);
    expect(tabs[1]!.fullPath).toBe('/a?q=1');
  });

  it('returns the same array when nothing changes', () => {
    const tabs = [INDEX_TAB, A];
    expect(openTab(tabs, tab('/a'))).toBe(tabs);
  });

  it('keeps the title a page gave its tab when the address changes', () => {
    const tabs = openTab([INDEX_TAB, { ...A, title: 'Front desk' }], tab('/a', '?q=1'));
    expect(tabs[1]).toEqual({ path: '/a', fullPath: '/a?q=1', title: 'Front desk' });
  });
});

describe('closeTab', () => {
  it('moves to the right neighbour when the active tab closes', () => {
    const result = closeTab(all, '/b', '/b');
    expect(paths(result.tabs)).toEqual(['/index', '/a', '/c', '/d']);
    expect(result.next).toEqual(C);
  });

  it('moves to the left neighbour when the active tab was the last', () => {
    expect(closeTab(all, '/d', '/d').next).toEqual(C);
  });

  it('stays put when an inactive tab closes', () => {
    const result = closeTab(all, '/b', '/d');
    expect(paths(result.tabs)).toEqual(['/index', '/a', '/c', '/d']);
    expect(result.next).toBeUndefined();
  });

  it('never closes the index tab', () => {
    expect(paths(closeTab(all, '/index', '/index').tabs)).toEqual(paths(all));
  });
});

describe('closing several tabs', () => {
  it('closes the tabs to the left, keeping the index tab', () => {
    const result = closeLeft(all, '/c', '/c');
    expect(paths(result.tabs)).toEqual(['/index', '/c', '/d']);
    expect(result.next).toBeUndefined();
  });

  it('shows the clicked tab when the active one was closed to the left', () => {
    expect(closeLeft(all, '/c', '/a').next).toEqual(C);
  });

  it('closes the tabs to the right', () => {
    const result = closeRight(all, '/b', '/d');
    expect(paths(result.tabs)).toEqual(['/index', '/a', '/b']);
    expect(result.next).toEqual(B);
  });

  it('closes to the right of the index tab', () => {
    expect(paths(closeRight(all, '/index', '/index').tabs)).toEqual(['/index']);
  });

  it('closes the others', () => {
    const result = closeOthers(all, '/c', '/a');
    expect(paths(result.tabs)).toEqual(['/index', '/c']);
    expect(result.next).toEqual(C);
  });

  it('keeps the index tab wherever it was moved', () => {
    expect(paths(closeLeft([A, B, INDEX_TAB, C], '/c', '/c').tabs)).toEqual(['/index', '/c']);
  });

  it('closes all and returns to the index page', () => {
    const result = closeAll(all);
    expect(paths(result.tabs)).toEqual(['/index']);
    expect(result.next).toEqual(INDEX_TAB);
    expect(closeAll([A]).tabs).toEqual([INDEX_TAB]);
  });
});

describe('moveTab', () => {
  it('drops a tab before a tab on its left', () => {
    expect(paths(moveTab(all, '/c', '/a'))).toEqual(['/index', '/c', '/a', '/b', '/d']);
  });

  it('drops a tab after a tab on its right', () => {
    expect(paths(moveTab(all, '/a', '/c'))).toEqual(['/index', '/b', '/c', '/a', '/d']);
  });

  it('can move a page before the index tab', () => {
    expect(paths(moveTab([INDEX_TAB, A], '/a', '/index'))).toEqual(['/a', '/index']);
  });

  it('ignores unknown tabs and drops on itself', () => {
    expect(paths(moveTab(all, '/x', '/a'))).toEqual(paths(all));
    expect(paths(moveTab(all, '/a', '/a'))).toEqual(paths(all));
  });
});

describe('helpers', () => {
  it('puts the index tab first when missing', () => {
    expect(paths(withIndexTab([A]))).toEqual(['/index', '/a']);
    expect(paths(withIndexTab([A, INDEX_TAB]))).toEqual(['/a', '/index']);
  });

  it('derives the test id suffix from the path', () => {
    expect(tabTestIdSuffix('/personal')).toBe('_personal');
    expect(tabTestIdSuffix('/role-detail/3/users')).toBe('_role-detail_3_users');
  });
});

describe('runCloseCommand and closedPaths', () => {
  it('runs each command of the tab bar and names the tabs it closes (those asked about when unsaved)', () => {
    expect(closedPaths(all, runCloseCommand('close', all, '/b', '/a'))).toEqual(['/b']);
    expect(closedPaths(all, runCloseCommand('close-left', all, '/c', '/a'))).toEqual(['/a', '/b']);
    expect(closedPaths(all, runCloseCommand('close-right', all, '/b', '/a'))).toEqual(['/c', '/d']);
    expect(closedPaths(all, runCloseCommand('close-others', all, '/b', '/a'))).toEqual(['/a', '/c', '/d']);
    expect(closedPaths(all, runCloseCommand('close-all', all, '/b', '/a'))).toEqual(['/a', '/b', '/c', '/d']);
    // The index tab is never closed, so never asked about.
    expect(closedPaths(all, runCloseCommand('close', all, '/index', '/a'))).toEqual([]);
  });
});
