import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { AddRoomTypeBody, TEXT_MAX, type RoomType } from '@atrium/contract';
import { App, Button, Form, Input, Modal, Radio, Switch, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useAddRoomType, useDeleteRoomType, useRoomTypes, useSetRoomTypeStatus, useUpdateRoomType } from '../api/location.api';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';

type Values = Omit<AddRoomTypeBody, 'description'> & { description?: string };

/** Room types: name, type code, kind (standard or Zoom), enabled, description (spec 001 section 3). */
export function RoomTypesTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const types = useRoomTypes();
  const setStatus = useSetRoomTypeStatus();
  const remove = useDeleteRoomType();
  const [editing, setEditing] = useState<{ type: RoomType | null } | null>(null);

  const confirmDelete = (type: RoomType) =>
    modal.confirm({
      title: t('location.types.deleteTitle', { name: type.name }),
      content: type.roomCount > 0 ? t('location.types.inUse', { count: type.roomCount }) : undefined,
      okText: t('location.actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('location.actions.cancel'),
      onOk: () =>
        remove
          .mutateAsync(type.id)
          .then(() => void message.success(t('location.messages.deleted')))
          .catch(() => undefined),
    });

  const columns: ColumnsType<RoomType> = [
    { key: 'name', title: t('location.types.name'), dataIndex: 'name', render: (name: string, type) => <TruncatedText text={name} testId={`room-type-${type.typeCode}`} /> },
    { key: 'code', title: t('location.types.typeCode'), dataIndex: 'typeCode' },
    { key: 'kind', title: t('location.types.kind'), render: (_, type) => <Tag color={type.kind === 'zoom' ? 'blue' : undefined}>{t(`location.types.kinds.${type.kind}`)}</Tag> },
    {
      key: 'enabled',
      title: t('location.types.isEnabled'),
      render: (_, type) => (
        <Switch
          checked={type.isEnabled}
          disabled={!canEdit}
          loading={setStatus.isPending && setStatus.variables?.id === type.id}
          onChange={(isEnabled) => setStatus.mutate({ id: type.id, isEnabled })}
          aria-label={t('location.types.isEnabled')}
        />
      ),
    },
    { key: 'rooms', title: t('location.types.roomCount'), dataIndex: 'roomCount' },
    { key: 'description', title: t('location.types.description'), dataIndex: 'description', render: (text: string | null) => text ?? '—' },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('location.rooms.actions'),
            render: (_: unknown, type: RoomType) => (
              <span className="room-type-actions">
                <Button type="text" icon={<EditOutlined />} aria-label={t('location.actions.edit')} onClick={() => setEditing({ type })} />
                <Tooltip title={type.roomCount > 0 ? t('location.types.inUse', { count: type.roomCount }) : undefined}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('location.actions.delete')} onClick={() => confirmDelete(type)} />
                </Tooltip>
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <div data-testid="room-types">
      {canEdit ? (
        <div className="atrium-toolbar">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ type: null })} data-testid="room-type-add">
            {t('location.actions.addType')}
          </Button>
        </div>
      ) : null}
      <DataTable<RoomType>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={types.data ?? []}
        loading={types.isFetching}
        pagination={false}
        locale={tableEmpty(t('location.types.empty'))}
      />
      {editing ? <RoomTypeModal type={editing.type} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

/** Adds or edits a room type; asks before unsaved changes go. */
function RoomTypeModal({ type, onClose }: { type: RoomType | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddRoomType();
  const update = useUpdateRoomType();
  const initialValues: Partial<Values> = type
    ? { name: type.name, typeCode: type.typeCode, kind: type.kind, isEnabled: type.isEnabled, description: type.description ?? '' }
    : { kind: 'standard', isEnabled: true };
  const dirty = useFormDirty(form, { initialValues });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const submit = (values: Values) => {
    const body = { ...values, description: values.description || null };
    const done = () => {
      void message.success(t('location.types.saved'));
      onClose();
    };
    if (type) update.mutate({ ...body, id: type.id }, { onSuccess: done });
    else add.mutate(body, { onSuccess: done });
  };
  return (
    <Modal
      open
      title={type ? t('location.types.editTitle', { name: type.name }) : t('location.types.addTitle')}
      onCancel={() => confirmLeave(onClose)}
      onOk={() => form.submit()}
      okText={t('location.actions.save')}
      cancelText={t('location.actions.cancel')}
      confirmLoading={add.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'room-type-save' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={dirty.onValuesChange}
        initialValues={initialValues}
      >
        <Form.Item name="name" label={t('location.types.name')} required rules={[zodRule(AddRoomTypeBody.shape.name, t('location.types.nameRequired'))]}>
          <Input maxLength={64} data-testid="room-type-name" />
        </Form.Item>
        <Form.Item name="typeCode" label={t('location.types.typeCode')} required rules={[zodRule(AddRoomTypeBody.shape.typeCode, t('location.types.codeRequired'))]}>
          <Input maxLength={64} data-testid="room-type-code" />
        </Form.Item>
        <Form.Item name="kind" label={t('location.types.kind')} extra={type && type.roomCount > 0 ? t('location.types.kindLocked') : undefined}>
          <Radio.Group
            disabled={type !== null && type.roomCount > 0}
            options={[
              { value: 'standard', label: t('location.types.kinds.standard') },
              { value: 'zoom', label: t('location.types.kinds.zoom') },
            ]}
          />
        </Form.Item>
        <Form.Item name="isEnabled" label={t('location.types.isEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="description" label={t('location.types.description')}>
          <Input.TextArea maxLength={TEXT_MAX} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
