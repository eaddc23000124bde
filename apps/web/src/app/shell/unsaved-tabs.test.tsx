import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFormDirty } from '../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../shared/forms/unsaved-changes';
import { unsavedStore } from '../../shared/forms/unsaved-store';
import type { PageRoute } from '../../shared/routing/page-route';
import { makeEntry, makeMenu, makeUser } from '../../test/factories';
import { renderConsole, stubApi } from '../../test/render';
import { SHELL_PAGES } from '../page-routes';

afterEach(() => {
  unsavedStore.discard();
  vi.restoreAllMocks();
});

/** A page card with one field, written as the console's page forms are. */
function NotePage({ testId }: { testId: string }) {
  const [form] = Form.useForm<{ note?: string }>();
  const dirty = useFormDirty(form);
  useUnsavedChanges(dirty.isDirty);
  return (
    <Form form={form} onValuesChange={dirty.onValuesChange} data-testid={`page-${testId}`}>
      <Form.Item name="note" label="Note">
        <Input data-testid={`${testId}-note`} />
      </Form.Item>
    </Form>
  );
}

const NOTES: PageRoute = { path: '/notes', titleKey: 'menu.company', menuKey: 'notes', keepAlive: true, load: async () => () => <NotePage testId="notes" /> };
const MEMO: PageRoute = { path: '/memo', titleKey: 'menu.personal', menuKey: 'memo', keepAlive: true, load: async () => () => <NotePage testId="memo" /> };
const DRAFT: PageRoute = { path: '/draft', titleKey: 'menu.directory', menuKey: 'draft', keepAlive: false, load: async () => () => <NotePage testId="draft" /> };

function openConsole(path: string) {
  const menu = makeMenu();
  menu[0]!.children.push(makeEntry('notes', '/notes'), makeEntry('memo', '/memo'), makeEntry('draft', '/draft'));
  return renderConsole({ path, user: makeUser(), menu, pages: [...SHELL_PAGES, NOTES, MEMO, DRAFT] });
}

const write = (testId: string, value: string) => fireEvent.change(screen.getByTestId(`${testId}-note`), { target: { value } });
// antd leaves a closed question in the page, hidden: count them to see a new one.
const discardButtons = () => screen.queryAllByTestId('unsaved-discard');

describe('unsaved changes in the console', { timeout: 30_000 }, () => {
  it('asks once before closing tabs whose forms are not saved, also while hidden; Keep editing keeps them', async () => {
    const user = userEvent.setup();
    openConsole('/memo');
    await screen.findByTestId('memo-note');
    write('memo', 'also typed');
    await user.click(screen.getByTestId('menu-item-notes'));
    await screen.findByTestId('notes-note');
    write('notes', 'typed, not saved');
    // Moving to another tab is not asked about.
    await user.click(screen.getByTestId('tab-_index'));
    await screen.findByTestId('page-index');
    expect(discardButtons()).toHaveLength(0);

    await user.click(screen.getByTestId('tab-close-_notes'));
    expect((await screen.findAllByText('A tab you are closing holds changes that are not saved yet.')).length).toBeGreaterThan(0);
    await user.click(screen.getByTestId('unsaved-keep'));
    expect(screen.getByTestId('tab-_notes')).toBeInTheDocument();
    await user.click(screen.getByTestId('tab-_notes'));
    await waitFor(() => expect(screen.getByTestId('notes-note')).toBeVisible());
    expect(screen.getByTestId('notes-note')).toHaveValue('typed, not saved');

    await user.click(screen.getByTestId('tab-_index'));
    await user.pointer({ keys: '[MouseRight]', target: screen.getByTestId('tab-_index') });
    const asked = discardButtons().length;
    await user.click(await screen.findByTestId('tab-close-others'));
    // One question for both dirty tabs.
    await waitFor(() => expect(discardButtons()).toHaveLength(asked + 1));
    await user.click(discardButtons().at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('tab-_notes')).not.toBeInTheDocument());
    expect(screen.queryByTestId('tab-_memo')).not.toBeInTheDocument();
    expect(discardButtons()).toHaveLength(asked + 1);
    expect(unsavedStore.isDirty()).toBe(false);

    // Opened again, the page starts empty.
    await user.click(screen.getByTestId('menu-item-notes'));
    expect(await screen.findByTestId('notes-note')).toHaveValue('');
  });

  it('closes a tab at once when its form is clean again', async () => {
    const user = userEvent.setup();
    openConsole('/notes');
    await screen.findByTestId('notes-note');
    write('notes', 'x');
    write('notes', '');
    await user.click(screen.getByTestId('tab-close-_notes'));
    await waitFor(() => expect(screen.queryByTestId('tab-_notes')).not.toBeInTheDocument());
    expect(discardButtons()).toHaveLength(0);
  });

  it('says on sign-out that unsaved changes will be lost, and then forgets them', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /logout': { result: null }, 'GET /user/getCurrentUserInfo': { status: 401, returncode: 2001, message: 'Unauthorised' } });
    const { router } = openConsole('/notes');
    await screen.findByTestId('notes-note');
    write('notes', 'typed, not saved');
    await user.click(screen.getByTestId('header-user'));
    await user.click(await screen.findByTestId('user-logout'));
    expect(await screen.findByTestId('logout-unsaved')).toHaveTextContent('Changes you have not saved will be lost.');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByTestId('login-username');
    expect(router.state.location.pathname).toBe('/login');
    expect(unsavedStore.isDirty()).toBe(false);
  });

  it('asks before leaving a page that is not kept alive while its form is not saved', async () => {
    const user = userEvent.setup();
    const { router } = openConsole('/draft');
    await screen.findByTestId('draft-note');
    write('draft', 'typed, not saved');
    await user.click(screen.getByTestId('menu-item-personal'));
    expect((await screen.findAllByText('What you entered on this page is not saved yet.')).length).toBeGreaterThan(0);
    await user.click(screen.getByTestId('unsaved-keep'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/draft'));
    expect(screen.getByTestId('draft-note')).toHaveValue('typed, not saved');

    await user.click(screen.getByTestId('menu-item-personal'));
    await waitFor(() => expect(discardButtons().length).toBeGreaterThan(0));
    await user.click(discardButtons().at(-1)!);
    await screen.findByTestId('page-personal');
    expect(router.state.location.pathname).toBe('/personal');
    expect(unsavedStore.isDirty()).toBe(false);
  });
});
