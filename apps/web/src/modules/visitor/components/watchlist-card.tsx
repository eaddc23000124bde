import { PlusOutlined } from '@ant-design/icons';
import { PHONE_PATTERN, VISIT_NOTE_MAX, VISITOR_NAME_MAX, WATCH_ACTIONS, WATCH_ALIASES_MAX, type WatchAction, type WatchEntry } from '@atrium/contract';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Radio, Select, Space, Tag, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { claimOnForm } from '../../../shared/forms/form-failure';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { useDeleteWatchEntry, useSaveWatchEntry, useWatchlist } from '../api/visitor.api';

const ACTION_COLORS: Record<WatchAction, string> = { alert: 'orange', approval: 'gold', refuse: 'red' };

/** The fields the server may refuse, and the form's words for each. */
type RefusableField = 'name' | 'aliases' | 'email' | 'phone';
const REFUSED_TEXT: Record<RefusableField, string> = { name: 'visitor.watch.nameRequired', aliases: 'visitor.watch.aliasesHelp', email: 'visitor.rules.email', phone: 'visitor.rules.phone' };

interface WatchForm {
  name: string;
  aliases: string[];
  email?: string;
  phone?: string;
  action: WatchAction;
  note?: string;
}

/**
 * The visitor settings' Rule setting tab: reception's watchlist (decision 0018, "The watchlist").
 * Everyone on the settings page reads it (visitor display view); visitor display edit changes it.
 */
export function WatchlistCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const entries = useWatchlist();
  const remove = useDeleteWatchEntry();
  const [editing, setEditing] = useState<WatchEntry | 'new' | null>(null);

  async function deleteEntry(entry: WatchEntry) {
    try {
      await remove.mutateAsync(entry.id);
      void message.success(t('visitor.watch.deleted'));
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  const columns: ColumnsType<WatchEntry> = [
    {
      key: 'name',
      title: t('visitor.watch.name'),
      render: (_, entry) => (
        <span className="atrium-person">
          <TruncatedText text={entry.name} isStrong />
          {entry.aliases.length > 0 ? <TruncatedText text={entry.aliases.join(', ')} className="atrium-muted" /> : null}
        </span>
      ),
    },
    { key: 'match', title: t('visitor.watch.matchBy'), render: (_, entry) => <TruncatedText text={[entry.email, entry.phone].filter(Boolean).join(' · ') || '—'} /> },
    { key: 'action', title: t('visitor.watch.action'), render: (_, entry) => <Tag color={ACTION_COLORS[entry.action]} title={t(`visitor.watch.actions.${entry.action}`)}>{t(`visitor.watch.short.${entry.action}`)}</Tag> },
    { key: 'note', title: t('visitor.watch.note'), render: (_, entry) => <TruncatedText text={entry.note ?? '—'} /> },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('visitor.fields.actions'),
            render: (_: unknown, entry: WatchEntry) => (
              <Space size="small">
                <Button size="small" onClick={() => setEditing(entry)} data-testid={`watch-edit-${entry.id}`}>
                  {t('visitor.watch.edit')}
                </Button>
                <Popconfirm
                  title={t('visitor.watch.deleteConfirm', { name: entry.name })}
                  okText={t('visitor.watch.delete')}
                  cancelText={t('visitor.settings.keep')}
                  okButtonProps={{ danger: true, 'data-testid': 'watch-delete-confirm' } as ButtonProps}
                  onConfirm={() => deleteEntry(entry)}
                >
                  <Button size="small" danger data-testid={`watch-delete-${entry.id}`}>
                    {t('visitor.watch.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('visitor.watch.title')}
      extra={
        canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="watch-add">
            {t('visitor.watch.add')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('visitor.watch.help')}</Typography.Paragraph>
      <DataTable<WatchEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={entries.data ?? []}
        loading={entries.isFetching}
        pagination={false}
        onRow={(entry) => ({ 'data-testid': `watch-row-${entry.id}` }) as object}
        locale={tableEmpty(t('visitor.watch.empty'))}
        data-testid="watch-table"
      />
      {editing ? <WatchDialog entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

/** Add or change an entry; the server's refusals show under their fields. */
function WatchDialog({ entry, onClose }: { entry: WatchEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const [form] = Form.useForm<WatchForm>();
  const save = useSaveWatchEntry();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  async function submit() {
    let values: WatchForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    try {
      await save.mutateAsync({ ...(entry ? { id: entry.id } : {}), name: values.name, aliases: values.aliases ?? [], email: values.email ?? '', phone: values.phone ?? '', action: values.action, note: values.note ?? '' });
      void message.success(t('visitor.watch.saved'));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // Fields the server refused get the form's own words; anything else is said once.
      const placed = claimOnForm<RefusableField>(form, { paths: { name: 'name', aliases: 'aliases', email: 'email', phone: 'phone' }, refusedText: (field) => t(REFUSED_TEXT[field]) })(error);
      if (!placed) void message.error(error.message);
    }
  }

  const initialValues: Partial<WatchForm> = entry
    ? { name: entry.name, aliases: entry.aliases, email: entry.email ?? '', phone: entry.phone ?? '', action: entry.action, note: entry.note ?? '' }
    : { aliases: [], action: 'alert' };

  return (
    <Modal
      open
      title={t(entry ? 'visitor.watch.editTitle' : 'visitor.watch.addTitle')}
      width={phone ? '100%' : 520}
      okText={t('visitor.settings.save')}
      cancelText={t('visitor.settings.cancel')}
      onOk={() => void submit()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'watch-save' } as ButtonProps}
    >
      <Form form={form} layout="vertical" requiredMark initialValues={initialValues} onValuesChange={dirty.onValuesChange}>
        <Form.Item name="name" label={t('visitor.watch.name')} rules={[{ required: true, whitespace: true, message: t('visitor.watch.nameRequired') }]}>
          <Input maxLength={VISITOR_NAME_MAX} placeholder={t('visitor.watch.namePlaceholder')} autoFocus data-testid="watch-name" />
        </Form.Item>
        <Form.Item name="aliases" label={t('visitor.watch.aliases')} extra={t('visitor.watch.aliasesHelp')}>
          <Select mode="tags" open={false} maxCount={WATCH_ALIASES_MAX} tokenSeparators={[',', '，']} data-testid="watch-aliases" />
        </Form.Item>
        <Form.Item name="email" label={t('visitor.watch.email')} rules={[{ type: 'email', message: t('visitor.rules.email') }]}>
          <Input inputMode="email" data-testid="watch-email" />
        </Form.Item>
        <Form.Item name="phone" label={t('visitor.watch.phone')} rules={[{ pattern: PHONE_PATTERN, message: t('visitor.rules.phone') }]}>
          <Input inputMode="tel" data-testid="watch-phone" />
        </Form.Item>
        <Form.Item name="action" label={t('visitor.watch.action')} rules={[{ required: true }]}>
          <Radio.Group data-testid="watch-action">
            <Space direction="vertical">
              {WATCH_ACTIONS.map((action) => (
                <Radio key={action} value={action} data-testid={`watch-action-${action}`}>
                  {t(`visitor.watch.actions.${action}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="note" label={t('visitor.watch.note')}>
          <Input.TextArea maxLength={VISIT_NOTE_MAX} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="watch-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
