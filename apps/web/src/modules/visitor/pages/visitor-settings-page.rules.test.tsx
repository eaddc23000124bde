import type { VisitLocation, VisitRule } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { setWindowWidth } from '../../../test/window-width';

afterEach(() => {
  vi.restoreAllMocks();
});

const NOW = Date.now();
const menu = [makeEntry('visitors', '', [makeEntry('guiderSet', '/guider-set')])];
const HOUSE: VisitLocation = { id: 20, name: 'Harbour House', buildingName: null, timeZone: 'Europe/London' };
const LOBBY: VisitLocation = { id: 21, name: 'Lobby', buildingName: 'Harbour House', timeZone: 'Europe/London' };
const NOTHING_ASKED = { ndaText: null, photo: false, questions: [] };
const NDA = 'What you see here stays here.';
const RULES: VisitRule[] = [
  { id: 1, locationId: 20, location: HOUSE, reasonId: null, reason: null, walkIns: true, approval: false, ...NOTHING_ASKED, updatedAt: NOW },
  {
    id: 2,
    locationId: 21,
    location: LOBBY,
    reasonId: 4,
    reason: 'Delivery',
    walkIns: false,
    approval: true,
    ndaText: NDA,
    photo: true,
    questions: [
      { text: 'Do you feel well today?', admitWhen: 'yes' },
      { text: 'Have you had a fever in the last two days?', admitWhen: 'no' },
    ],
    updatedAt: NOW,
  },
];

function stubRules(rules: VisitRule[] = RULES) {
  return stubApi({
    'GET /visitor/reason/list': { result: [{ id: 3, name: 'Interview', createdAt: NOW }, { id: 4, name: 'Delivery', createdAt: NOW }] },
    'GET /visitor/watchlist': { result: [] },
    'GET /visitor/rule/list': { result: rules },
    'GET /visitor/locations': { result: [HOUSE, LOBBY] },
    'POST /visitor/rule/save': ({ body }) => ({ message: 'The visit rule has been saved', result: { ...RULES[0], ...(body as object) } }),
    'POST /visitor/rule/delete': { message: 'The visit rule has been deleted', result: null },
  });
}

type Seen = ReturnType<typeof stubApi>;
const posted = (seen: Seen, path: string) => seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

async function openRules(user: ReturnType<typeof userEvent.setup>, permission: string) {
  renderConsole({ path: '/guider-set', user: makeUser({ permissions: [permission] }), menu });
  await user.click(await screen.findByTestId('visitor-settings-rules'));
  return screen.findByTestId('visit-rules');
}

describe('visitor settings page: visit rules', () => {
  it('lists the rules in their words above the watchlist, and adds one for all reasons', async () => {
    const user = userEvent.setup();
    const seen = stubRules();
    const card = await openRules(user, 'visitorDisplay:edit');
    expect(card).toHaveTextContent("Without a rule, a place receives walk-ins and their host approves them. The place's rule for the reason decides first");
    const house = await within(card).findByTestId('visit-rule-row-1');
    expect(house).toHaveTextContent(/Harbour House.*All reasons.*Received.*Not required: approved at once/);
    const lobby = within(card).getByTestId('visit-rule-row-2');
    expect(lobby).toHaveTextContent(/Harbour House · Lobby.*Delivery.*Not received.*NDA.*Photo.*2 questions/);
    // Nothing asked before check-in: a dash.
    expect(within(house).getByTitle('Nothing asked before check-in')).toHaveTextContent('—');
    // Turned away, the lobby's walk-ins have no approval to speak of.
    expect(lobby).not.toHaveTextContent('Required');
    // The rules come first on the tab, the watchlist after them.
    expect(card.compareDocumentPosition(screen.getByTestId('watch-table')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(within(card).getByTestId('visit-rule-add'));
    await user.click(await screen.findByTestId('visit-rule-save'));
    expect(await screen.findByText('Please choose a building or floor')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('visit-rule-place')).getByRole('combobox'));
    await user.click(await screen.findByText('Harbour House · Lobby', { selector: '.ant-select-item-option-content' }));
    expect(screen.getByTestId('visit-rule-reason')).toHaveTextContent('All reasons');
    expect(screen.getByText('A place has one rule per reason: saving the same place and reason again replaces its rule.')).toBeInTheDocument();
    // Without walk-ins there is nothing to approve: the approval switch waits.
    expect(screen.getByTestId('visit-rule-approval')).toBeEnabled();
    await user.click(screen.getByTestId('visit-rule-walk-ins'));
    expect(screen.getByTestId('visit-rule-approval')).toBeDisabled();
    expect(screen.getByText('A place that receives no walk-ins has none to approve.')).toBeInTheDocument();
    await user.click(screen.getByTestId('visit-rule-walk-ins'));
    await user.click(screen.getByTestId('visit-rule-approval'));
    await user.click(screen.getByTestId('visit-rule-save'));
    await waitFor(() => expect(posted(seen, '/visitor/rule/save')).toEqual([{ locationId: 21, reasonId: null, walkIns: true, approval: false, ...NOTHING_ASKED }]));
    expect(await screen.findByText('The visit rule has been saved')).toBeInTheDocument();
  });

  it('adds a rule for one reason, changes what a rule decides, and deletes one after asking', async () => {
    const user = userEvent.setup();
    const seen = stubRules();
    const card = await openRules(user, 'visitorDisplay:edit');

    await user.click(await within(card).findByTestId('visit-rule-add'));
    await user.click(within(await screen.findByTestId('visit-rule-place')).getByRole('combobox'));
    await user.click(await screen.findByText('Harbour House', { selector: '.ant-select-item-option-content' }));
    await user.click(within(screen.getByTestId('visit-rule-reason')).getByRole('combobox'));
    await user.click(await screen.findByText('Interview', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('visit-rule-save'));
    await waitFor(() => expect(posted(seen, '/visitor/rule/save')).toEqual([{ locationId: 20, reasonId: 3, walkIns: true, approval: true, ...NOTHING_ASKED }]));
    await waitFor(() => expect(screen.queryByTestId('visit-rule-save')).toBeNull());

    // A rule keeps its place and reason: only what it decides changes.
    await user.click(within(card).getByTestId('visit-rule-edit-1'));
    expect(within(await screen.findByTestId('visit-rule-place')).getByRole('combobox')).toBeDisabled();
    expect(screen.getByTestId('visit-rule-reason')).toHaveTextContent('All reasons');
    await user.click(screen.getByTestId('visit-rule-walk-ins'));
    await user.click(screen.getByTestId('visit-rule-save'));
    await waitFor(() => expect(posted(seen, '/visitor/rule/save').at(-1)).toEqual({ locationId: 20, reasonId: null, walkIns: false, approval: false, ...NOTHING_ASKED }));

    await user.click(within(card).getByTestId('visit-rule-delete-2'));
    expect(await screen.findByText('Delete the rule of Harbour House · Lobby for “Delivery”?')).toBeInTheDocument();
    await user.click(screen.getByTestId('visit-rule-delete-confirm'));
    await waitFor(() => expect(posted(seen, '/visitor/rule/delete')).toEqual([{ id: 2 }]));
    expect(await screen.findByText('The visit rule has been deleted')).toBeInTheDocument();
  });

  it('asks every visitor to sign an agreement, give a photo and answer questions, and sends what it asks', async () => {
    const user = userEvent.setup();
    const seen = stubRules();
    const card = await openRules(user, 'visitorDisplay:edit');
    await user.click(await within(card).findByTestId('visit-rule-add'));
    await user.click(within(await screen.findByTestId('visit-rule-place')).getByRole('combobox'));
    await user.click(await screen.findByText('Harbour House', { selector: '.ant-select-item-option-content' }));

    // The agreement's text is asked for once the switch is on, and then needed.
    expect(screen.queryByTestId('visit-rule-nda-text')).toBeNull();
    await user.click(screen.getByTestId('visit-rule-nda'));
    await user.click(screen.getByTestId('visit-rule-save'));
    expect(await screen.findByText("Please write the agreement's text")).toBeInTheDocument();
    await user.click(screen.getByTestId('visit-rule-nda-text'));
    await user.paste(NDA);
    expect(screen.getByText(`${NDA.length} / 20000`)).toBeInTheDocument();
    await user.click(screen.getByTestId('visit-rule-photo'));

    // At most ten questions; each needs its text.
    const add = screen.getByTestId('visit-rule-question-add');
    for (let count = 0; count < 10; count++) await user.click(add);
    expect(add).toBeDisabled();
    for (let count = 0; count < 8; count++) await user.click(screen.getByRole('button', { name: 'Remove question 3' }));
    expect(add).toBeEnabled();
    expect(screen.queryByTestId('visit-rule-question-2')).toBeNull();
    await user.click(screen.getByTestId('visit-rule-save'));
    expect(await screen.findAllByText('Please write the question')).toHaveLength(2);
    await user.click(screen.getByTestId('visit-rule-question-text-0'));
    await user.paste('Do you feel well today?');
    await user.click(screen.getByTestId('visit-rule-question-text-1'));
    await user.paste('Have you had a fever in the last two days?');
    // A yes lets the visitor in unless the question says otherwise.
    expect(screen.getByTestId('visit-rule-question-admit-0')).toHaveTextContent('Yes');
    await user.click(within(screen.getByTestId('visit-rule-question-admit-1')).getByRole('combobox'));
    await user.click(await screen.findByText('No', { selector: '.ant-select-item-option-content' }));
    expect(screen.getAllByText('Lets the visitor in when answered')).toHaveLength(2);

    await user.click(screen.getByTestId('visit-rule-save'));
    await waitFor(() =>
      expect(posted(seen, '/visitor/rule/save')).toEqual([
        {
          locationId: 20,
          reasonId: null,
          walkIns: true,
          approval: true,
          ndaText: NDA,
          photo: true,
          questions: [
            { text: 'Do you feel well today?', admitWhen: 'yes' },
            { text: 'Have you had a fever in the last two days?', admitWhen: 'no' },
          ],
        },
      ]),
    );
  }, 45_000);

  it('changes what a rule asks: the agreement switched off is sent as none', async () => {
    const user = userEvent.setup();
    const seen = stubRules();
    const card = await openRules(user, 'visitorDisplay:edit');
    await user.click(await within(card).findByTestId('visit-rule-edit-2'));
    expect(await screen.findByTestId('visit-rule-nda-text')).toHaveValue(NDA);
    expect(screen.getByTestId('visit-rule-photo')).toBeChecked();
    expect(screen.getByTestId('visit-rule-question-text-1')).toHaveValue('Have you had a fever in the last two days?');
    expect(screen.getByTestId('visit-rule-question-admit-1')).toHaveTextContent('No');

    // Switched off and on again, the rule is as it was: leaving asks nothing.
    await user.click(screen.getByTestId('visit-rule-nda'));
    expect(screen.queryByTestId('visit-rule-nda-text')).toBeNull();
    await user.click(screen.getByTestId('visit-rule-nda'));
    expect(screen.getByTestId('visit-rule-nda-text')).toHaveValue(NDA);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('visit-rule-save')).toBeNull());
    expect(screen.queryByTestId('unsaved-discard')).toBeNull();

    await user.click(within(card).getByTestId('visit-rule-edit-2'));
    await user.click(await screen.findByTestId('visit-rule-nda'));
    await user.click(screen.getByTestId('visit-rule-photo'));
    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    await user.click(screen.getByTestId('visit-rule-save'));
    await waitFor(() =>
      expect(posted(seen, '/visitor/rule/save')).toEqual([
        { locationId: 21, reasonId: 4, walkIns: false, approval: true, ndaText: null, photo: false, questions: [{ text: 'Have you had a fever in the last two days?', admitWhen: 'no' }] },
      ]),
    );
  });

  it('asks before a changed rule is dropped', async () => {
    const user = userEvent.setup();
    const seen = stubRules();
    const card = await openRules(user, 'visitorDisplay:edit');
    await user.click(await within(card).findByTestId('visit-rule-edit-1'));
    await user.click(await screen.findByTestId('visit-rule-approval'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByTestId('unsaved-discard'));
    await waitFor(() => expect(screen.queryByTestId('visit-rule-save')).toBeNull());
    expect(posted(seen, '/visitor/rule/save')).toEqual([]);
  });

  it('shows readers the rules without buttons, in Chinese', async () => {
    setLang('zh-CN');
    stubRules();
    const card = await openRules(userEvent.setup(), 'visitorDisplay:view');
    const house = await within(card).findByTestId('visit-rule-row-1');
    expect(screen.getByText('来访规则', { selector: '.ant-card-head-title' })).toBeInTheDocument();
    expect(house).toHaveTextContent(/全部事由.*接待.*不需要：立即批准/);
    expect(within(card).getByTestId('visit-rule-row-2')).toHaveTextContent(/不接待.*保密协议.*照片.*2 个问题/);
    expect(within(card).queryByTestId('visit-rule-add')).toBeNull();
    expect(within(card).queryByTestId('visit-rule-edit-1')).toBeNull();
    expect(within(card).queryByTestId('visit-rule-delete-2')).toBeNull();
  });

  it('says when there are no rules', async () => {
    stubRules([]);
    const card = await openRules(userEvent.setup(), 'visitorDisplay:view');
    expect(await within(card).findByText('No visit rules: every place receives walk-ins and their host approves them')).toBeInTheDocument();
  });

  it('shows a card per rule on a phone', async () => {
    setWindowWidth(390);
    stubRules();
    const card = await openRules(userEvent.setup(), 'visitorDisplay:edit');
    const lobby = await within(card).findByTestId('visit-rule-row-2');
    expect(lobby.tagName).not.toBe('TR');
    expect(lobby).toHaveTextContent(/Harbour House · Lobby.*Delivery.*Not received/);
    expect(within(lobby).getByTestId('visit-rule-delete-2')).toBeInTheDocument();
  });
});
