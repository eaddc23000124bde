import { LANGS, OPERATION_ACTIONS } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { actionName, knownActions } from './action-names';

/**
 * The contract's action catalogue and the console's labels stay in step: every action the server
 * may record has a label in each language, and no label is left for an action that does not exist.
 * A new action goes into OPERATION_ACTIONS and `operation-log.actions` of both locale files.
 */
describe('operation-log action labels', () => {
  it.each(LANGS)('label every catalogue action in %s', (lang) => {
    const t = i18n.getFixedT(lang);
    const missing = OPERATION_ACTIONS.filter((action) => {
      const key = `operation-log.actions.${action}`;
      return !i18n.exists(key, { lng: lang, fallbackLng: false }) || actionName(t, action).trim() === '' || actionName(t, action) === action;
    });
    expect(missing).toEqual([]);
  });

  it.each(LANGS)('have no label without an action in %s', (lang) => {
    const labelled = knownActions(i18n.getResource(lang, 'translation', 'operation-log.actions'));
    expect(labelled.length).toBeGreaterThan(0);
    expect(labelled.filter((action) => !(OPERATION_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });

  it('speaks each language', () => {
    expect(actionName(i18n.getFixedT('en-US'), 'manager.transferOwner')).toBe('Transferred the company ownership');
    expect(actionName(i18n.getFixedT('zh-CN'), 'manager.transferOwner')).toMatch(/[\u4e00-\u9fff]/);
  });
});
