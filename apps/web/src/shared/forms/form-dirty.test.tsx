import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { Profiler, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PageTabContext } from '../routing/page-tab';
import { formSnapshot, useFormDirty } from './form-dirty';
import { useUnsavedChanges } from './unsaved-changes';
import { unsavedStore } from './unsaved-store';

afterEach(() => unsavedStore.discard());

interface Values {
  name?: string;
  note?: string;
}

/** A modal form as the console writes them: useFormDirty, then useUnsavedChanges on Cancel. */
function NameModal({ open, initialValues, onClose }: { open: boolean; initialValues?: Values; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const dirty = useFormDirty(form, { initialValues, isOpen: open });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  return (
    <Modal open={open} title="Name" onCancel={() => confirmLeave(onClose)} onOk={() => form.submit()} destroyOnHidden>
      <span data-testid="dirty">{String(dirty.isDirty)}</span>
      <Form form={form} initialValues={initialValues} onValuesChange={dirty.onValuesChange} onFinish={dirty.markClean}>
        <Form.Item name="name" label="Name">
          <Input data-testid="name" />
        </Form.Item>
        <Form.Item name="note" label="Note">
          <Input data-testid="note" />
        </Form.Item>
      </Form>
      <Button data-testid="load" onClick={() => (form.setFieldsValue({ name: 'Grace' }), dirty.markClean())}>
        Load
      </Button>
    </Modal>
  );
}

/** Opens and closes the modal like a page does. */
function Page({ initialValues, onClose = () => undefined }: { initialValues?: Values; onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <PageTabContext value="/names">
      <Button data-testid="open" onClick={() => setOpen(true)}>
        Open
      </Button>
      <NameModal
        open={open}
        initialValues={initialValues}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
      />
    </PageTabContext>
  );
}

const isDirty = () => screen.getByTestId('dirty').textContent === 'true';
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('formSnapshot', () => {
  it('calls empty values the same and ignores the order of keys', () => {
    expect(formSnapshot({ a: '', b: null, c: undefined, d: [], e: {} })).toBe(formSnapshot({}));
    expect(formSnapshot({ a: 1, b: { c: 'x', d: 2 } })).toBe(formSnapshot({ b: { d: 2, c: 'x' }, a: 1 }));
    expect(formSnapshot({ items: [{ label: '' }] })).not.toBe(formSnapshot({ items: [] }));
    expect(formSnapshot({ on: false })).not.toBe(formSnapshot({}));
  });

  it('compares dates by their moment', () => {
    expect(formSnapshot({ at: dayjs('2026-11-24T10:00:00Z') })).toBe(formSnapshot({ at: dayjs('2026-11-24T10:00:00Z') }));
    expect(formSnapshot({ at: dayjs('2026-11-24T10:00:00Z') })).not.toBe(formSnapshot({ at: dayjs('2026-11-24T11:00:00Z') }));
  });
});

describe('useFormDirty with useUnsavedChanges', { timeout: 20_000 }, () => {
  it('is dirty after the user changes a value, and clean again when it is changed back', async () => {
    renderWithProviders(<Page initialValues={{ name: 'Ada' }} />);
    await screen.findByTestId('name');
    expect(isDirty()).toBe(false);
    type('name', 'Ada Lovelace');
    expect(isDirty()).toBe(true);
    expect(unsavedStore.isDirty(['/names'])).toBe(true);
    type('name', 'Ada');
    expect(isDirty()).toBe(false);
    await waitFor(() => expect(unsavedStore.isDirty()).toBe(false));
    // An empty field is the same as one never filled.
    type('note', 'x');
    type('note', '');
    expect(isDirty()).toBe(false);
  });

  it('takes values loaded from code as clean, and a save as the new clean state', async () => {
    renderWithProviders(<Page />);
    await screen.findByTestId('name');
    fireEvent.click(screen.getByTestId('load'));
    expect(screen.getByTestId('name')).toHaveValue('Grace');
    expect(isDirty()).toBe(false);
    type('name', 'Grace Hopper');
    expect(isDirty()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(isDirty()).toBe(false));
    type('name', 'Grace');
    expect(isDirty()).toBe(true);
  });

  it('asks before a dirty form closes: Keep editing keeps the values, Discard closes; each opening starts clean', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<Page initialValues={{ name: 'Ada' }} onClose={onClose} />);
    await screen.findByTestId('name');
    type('name', 'Ada Byron');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // antd names the dialog by its title too.
    expect((await screen.findAllByText('Discard your changes?')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('What you entered in this form is not saved yet.').length).toBeGreaterThan(0);
    await user.click(screen.getByTestId('unsaved-keep'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('name')).toHaveValue('Ada Byron');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click((await screen.findAllByTestId('unsaved-discard')).at(-1)!);
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(unsavedStore.isDirty()).toBe(false));

    await user.click(screen.getByTestId('open'));
    await waitFor(() => expect(screen.getByTestId('dirty')).toHaveTextContent('false'));
    // Nothing changed: closes at once.
    await user.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  // A keystroke that leaves the form as dirty as it was does not render the form again (a settings card once rendered
  // everything in it per character typed).
  it('renders the form again only when an edit makes it dirty or clean, not on every keystroke', async () => {
    const renders = { count: 0 };
    function Counted({ initialValues }: { initialValues: Values }) {
      const [form] = Form.useForm<Values>();
      const dirty = useFormDirty(form, { initialValues });
      return (
        <Form form={form} initialValues={initialValues} onValuesChange={dirty.onValuesChange}>
          {/* Drawn again only when the form's component is (a field's own update leaves it alone). */}
          <Profiler id="form" onRender={() => (renders.count += 1)}>
            <span data-testid="dirty">{String(dirty.isDirty)}</span>
          </Profiler>
          <Form.Item name="name" label="Name">
            <Input data-testid="name" />
          </Form.Item>
        </Form>
      );
    }
    renderWithProviders(<Counted initialValues={{ name: 'Ada' }} />);
    await screen.findByTestId('name');
    const before = renders.count;
    for (const value of ['Ada ', 'Ada L', 'Ada Lo', 'Ada Lov']) type('name', value);
    expect(isDirty()).toBe(true);
    expect(renders.count - before).toBe(1);
    type('name', 'Ada');
    expect(isDirty()).toBe(false);
    expect(renders.count - before).toBe(2);
  });

  it('compares with initial values that arrive after an edit, at the next render', async () => {
    function Loaded() {
      const [initialValues, setInitialValues] = useState<Values>({ name: 'Ada' });
      return (
        <>
          <Button data-testid="arrive" onClick={() => setInitialValues({ name: 'Ada Lovelace' })}>
            Arrive
          </Button>
          <NameModal open initialValues={initialValues} onClose={() => undefined} />
        </>
      );
    }
    renderWithProviders(
      <PageTabContext value="/names">
        <Loaded />
      </PageTabContext>,
    );
    await screen.findByTestId('name');
    type('name', 'Ada Lovelace');
    expect(isDirty()).toBe(true);
    // The clean state becomes what the user typed: clean, and the next keystroke is judged against it.
    fireEvent.click(screen.getByTestId('arrive'));
    expect(isDirty()).toBe(false);
    type('name', 'Ada Lovelace!');
    expect(isDirty()).toBe(true);
  });
});
