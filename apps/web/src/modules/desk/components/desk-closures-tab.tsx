import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DESK_CLOSURE_NAME_MAX, FILTER_DATE_FORMAT, type DeskClosure } from '@atrium/contract';
import { App, Button, DatePicker, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import type { ButtonProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { useCreateDeskClosure, useDeleteDeskClosure, useDeskClosures, useUpdateDeskClosure } from '../api/desk-access.api';
import { useDeskFloors } from '../api/desk.api';

const DATE = 'YYYY-MM-DD';
/** The scope "the whole company" in the building picker (a building's id otherwise). */
const COMPANY = 0;

/** The closure days: a table, and a dialog to add or change one (each cancels the desk bookings in its days, after asking). */
export function DeskClosuresTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const closures = useDeskClosures();
  const remove = useDeleteDeskClosure();
  const [editing, setEditing] = useState<DeskClosure | 'new'>();

  const columns = [
    { key: 'name', title: t('desk.closures.name'), dataIndex: 'name' },
    { key: 'scope', title: t('desk.closures.scope'), render: (_: unknown, closure: DeskClosure) => closure.buildingName ?? t('desk.closures.wholeCompany') },
    { key: 'days', title: t('desk.closures.days'), render: (_: unknown, closure: DeskClosure) => (closure.firstDate === closure.lastDate ? closure.firstDate : `${closure.firstDate} – ${closure.lastDate}`) },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('desk.closures.actions'),
            width: 120,
            render: (_: unknown, closure: DeskClosure) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} aria-label={t('desk.closures.edit', { name: closure.name })} onClick={() => setEditing(closure)} data-testid={`desk-closure-edit-${closure.id}`} />
                <Popconfirm
                  title={t('desk.closures.deleteConfirm', { name: closure.name })}
                  okText={t('desk.closures.delete')}
                  cancelText={t('desk.closures.keep')}
                  okButtonProps={{ danger: true, 'data-testid': 'desk-closure-delete-confirm' } as ButtonProps}
                  onConfirm={() => remove.mutateAsync(closure.id).catch(() => undefined)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('desk.closures.deleteLabel', { name: closure.name })} data-testid={`desk-closure-delete-${closure.id}`} />
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <p className="atrium-muted">{t('desk.closures.help')}</p>
      {canEdit ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }} data-testid="desk-closure-add">
          {t('desk.closures.add')}
        </Button>
      ) : null}
      <DataTable<DeskClosure>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={closures.data ?? []}
        loading={closures.isFetching}
        pagination={false}
        onRow={(closure) => ({ 'data-testid': `desk-closure-row-${closure.id}` }) as object}
        locale={tableEmpty(t('desk.closures.empty'))}
        data-testid="desk-closures"
      />
      {editing ? <ClosureDialog closure={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}

interface ClosureValues {
  buildingId: number;
  days: [Dayjs, Dayjs];
  name: string;
}

/** Adds or changes a closure: the whole company or a building with desks, its days, its name. Saving asks first: bookings in its days are cancelled. */
function ClosureDialog({ closure, onClose }: { closure?: DeskClosure; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const floors = useDeskFloors();
  const create = useCreateDeskClosure();
  const update = useUpdateDeskClosure();
  const [form] = Form.useForm<ClosureValues>();
  const initialValues: Partial<ClosureValues> = closure
    ? { buildingId: closure.buildingId ?? COMPANY, days: [dayjs(closure.firstDate), dayjs(closure.lastDate)], name: closure.name }
    : { buildingId: COMPANY };
  const dirty = useFormDirty(form, { initialValues });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const buildings = useMemo(() => {
    const byId = new Map<number, string>();
    for (const floor of floors.data ?? []) if (floor.buildingId !== null) byId.set(floor.buildingId, floor.buildingName ?? '');
    if (closure?.buildingId && !byId.has(closure.buildingId)) byId.set(closure.buildingId, closure.buildingName ?? '');
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [floors.data, closure]);
  const isSaving = create.isPending || update.isPending;

  async function submit() {
    let values: ClosureValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = { buildingId: values.buildingId === COMPANY ? null : values.buildingId, firstDate: values.days[0].format(DATE), lastDate: values.days[1].format(DATE), name: values.name.trim() };
    const confirmed = await modal.confirm({
      title: t('desk.closures.confirmTitle'),
      content: t('desk.closures.confirmText'),
      okText: t('desk.closures.confirmOk'),
      cancelText: t('desk.closures.keep'),
      okButtonProps: { 'data-testid': 'desk-closure-confirm' } as ButtonProps,
    });
    if (!confirmed) return;
    try {
      const saved = closure ? await update.mutateAsync({ id: closure.id, ...body }) : await create.mutateAsync(body);
      void message.success(t('desk.closures.saved', { count: saved.cancelled }));
      onClose();
    } catch {
      // The client has shown the server's reason.
    }
  }

  return (
    <Modal
      open
      title={closure ? t('desk.closures.editTitle', { name: closure.name }) : t('desk.closures.newTitle')}
      width={phone ? '100%' : 480}
      onCancel={() => confirmLeave(onClose)}
      okText={t('desk.closures.save')}
      cancelText={t('desk.closures.cancel')}
      onOk={() => void submit()}
      confirmLoading={isSaving}
      okButtonProps={{ 'data-testid': 'desk-closure-save' } as ButtonProps}
      data-testid="desk-closure-dialog"
    >
      <Form<ClosureValues> form={form} layout="vertical" initialValues={initialValues} onValuesChange={dirty.onValuesChange} disabled={isSaving}>
        <Form.Item name="name" label={t('desk.closures.name')} rules={[{ required: true, whitespace: true, message: t('desk.closures.nameRequired') }]}>
          <Input maxLength={DESK_CLOSURE_NAME_MAX} placeholder={t('desk.closures.namePlaceholder')} data-testid="desk-closure-name" />
        </Form.Item>
        <Form.Item name="buildingId" label={t('desk.closures.scope')}>
          <Select options={[{ value: COMPANY, label: t('desk.closures.wholeCompany') }, ...buildings]} loading={floors.isLoading} data-testid="desk-closure-scope" />
        </Form.Item>
        <Form.Item name="days" label={t('desk.closures.days')} extra={t('desk.closures.daysHelp')} rules={[{ required: true, message: t('desk.closures.daysRequired') }]}>
          <DatePicker.RangePicker format={FILTER_DATE_FORMAT} allowClear={false} aria-label={t('desk.closures.days')} data-testid="desk-closure-days" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
