import { DEFAULT_DESK_RULES } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const menu = [makeEntry('desks', '', [makeEntry('deskeeperStrategy', '/deskeeper-strategy')])];

/** Picks an option of an antd Select by its text (typed first: long lists render only their first rows). */
async function choose(user: ReturnType<typeof userEvent.setup>, testId: string, text: string) {
  const box = within(screen.getByTestId(testId)).getByRole('combobox');
  await user.click(box);
  await user.type(box, text);
  const options = await screen.findAllByTitle(text);
  await user.click(options.at(-1)!);
}

describe('desk rules page', () => {
  it('saves the rules an editor sets, and refuses a midday before the day starts', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /desk/rules': { result: DEFAULT_DESK_RULES },
      'POST /desk/rules': ({ body }) => ({ result: body }),
    });
    renderConsole({ path: '/deskeeper-strategy', user: makeUser({ permissions: ['globalSettings:view', 'globalSettings:edit'] }), menu });
    const ahead = await screen.findByTestId('desk-rules-ahead');
    await user.clear(ahead);
    await user.type(ahead, '7');
    await user.click(screen.getByTestId('desk-rules-limit-week'));
    const week = await screen.findByTestId('desk-rules-week');
    await user.clear(week);
    await user.type(week, '2');
    await user.click(screen.getByTestId('desk-rules-one-desk'));
    await choose(user, 'desk-rules-midday', '07:30');
    await user.click(screen.getByTestId('desk-rules-save'));
    expect(await screen.findByText('Midday comes after the start')).toBeInTheDocument();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
    await choose(user, 'desk-rules-midday', '12:30');
    await user.click(screen.getByTestId('desk-rules-ask-check-in'));
    await user.click(screen.getByTestId('desk-rules-save'));
    await waitFor(() =>
      expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
        ...DEFAULT_DESK_RULES,
        maxDaysAhead: 7,
        maxDaysPerWeek: 2,
        oneDeskPerPerson: false,
        midday: '12:30',
        checkInGraceMinutes: null,
      }),
    );
    expect(await screen.findByText('The desk booking rules have been saved')).toBeInTheDocument();
  });

  it('shows readers the rules in Chinese without the save button', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /desk/rules': { result: { ...DEFAULT_DESK_RULES, checkInGraceMinutes: 45 } } });
    renderConsole({ path: '/deskeeper-strategy', user: makeUser({ permissions: ['globalSettings:view'] }), menu });
    expect(await screen.findByTestId('desk-rules-grace')).toHaveValue('45');
    expect(screen.getByText('工位预订规则')).toBeInTheDocument();
    expect(screen.queryByTestId('desk-rules-save')).not.toBeInTheDocument();
    expect(screen.getByText('您可以查看这些规则；修改需要设置的编辑权限。')).toBeInTheDocument();
  });
});
