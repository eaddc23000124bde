import { PlusOutlined } from '@ant-design/icons';
import { hasPermission, LOG_TIME_FORMAT, VISIT_REASON_MAX, type VisitReason } from '@atrium/contract';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Space, Tabs, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useSession } from '../../../shared/session/session-context';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAddVisitReason, useDeleteVisitReason, useRenameVisitReason, useVisitReasons } from '../api/visitor.api';
import { KioskThemeCard } from '../components/kiosk-theme-card';
import { VisitRulesCard } from '../components/visit-rules-card';
import { VisitorPreferencesCard } from '../components/visitor-preferences-card';
import { WatchlistCard } from '../components/watchlist-card';
import './visitor-settings-page.css';

/** The reason being added (no id) or renamed. */
type Editing = { id?: number; name: string } | null;

/**
 * /guider-set: the visitor settings. Its invitation settings: the visit reasons the invite form offers
 * (not empty, unique in the company); its rule setting: what each place asks of walk-ins, and
 * reception's watchlist; its preferences: how long visits are kept; its kiosk theme: the visitor
 * kiosks' welcome line and colour (decision 0018).
 */
export function VisitorSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'visitorDisplay:edit');
  const reasons = useVisitReasons();
  const remove = useDeleteVisitReason();
  const [editing, setEditing] = useState<Editing>(null);

  async function deleteReason(reason: VisitReason) {
    try {
      await remove.mutateAsync(reason.id);
      void message.success(t('visitor.settings.deleted'));
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  const columns: ColumnsType<VisitReason> = [
    { key: 'name', title: t('visitor.settings.name'), dataIndex: 'name' },
    { key: 'createdAt', title: t('visitor.settings.createdAt'), dataIndex: 'createdAt', render: (at: number) => <span className="atrium-nowrap">{dayjs(at).format(LOG_TIME_FORMAT)}</span> },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('visitor.fields.actions'),
            render: (_: unknown, reason: VisitReason) => (
              <Space size="small">
                <Button size="small" onClick={() => setEditing({ id: reason.id, name: reason.name })} data-testid={`visit-reason-rename-${reason.id}`}>
                  {t('visitor.settings.rename')}
                </Button>
                <Popconfirm
                  title={t('visitor.settings.deleteConfirm', { name: reason.name })}
                  okText={t('visitor.settings.delete')}
                  cancelText={t('visitor.settings.keep')}
                  okButtonProps={{ danger: true, 'data-testid': 'visit-reason-delete-confirm' } as ButtonProps}
                  onConfirm={() => deleteReason(reason)}
                >
                  <Button size="small" danger data-testid={`visit-reason-delete-${reason.id}`}>
                    {t('visitor.settings.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const reasonsCard = (
      <Card
        title={t('visitor.settings.reasons')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ name: '' })} data-testid="visit-reason-add">
              {t('visitor.settings.add')}
            </Button>
          ) : null
        }
      >
        <Typography.Paragraph type="secondary">{t('visitor.settings.reasonsHelp')}</Typography.Paragraph>
        <DataTable<VisitReason>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={reasons.data ?? []}
          loading={reasons.isFetching}
          pagination={false}
          onRow={(reason) => ({ 'data-testid': `visit-reason-row-${reason.id}` }) as object}
          locale={tableEmpty(t('visitor.settings.empty'))}
          data-testid="visit-reason-table"
        />
      </Card>
  );

  const rulesTab = (
    <div className="atrium-visitor-rules-tab">
      <VisitRulesCard canEdit={canEdit} />
      <WatchlistCard canEdit={canEdit} />
    </div>
  );

  return (
    <div className="atrium-page" data-testid="page-visitor-settings">
      <PageHeader title={t('visitor.settings.title')} subtitle={t('visitor.settings.subtitle')} />
      <Tabs
        items={[
          { key: 'invitation', label: t('visitor.watch.invitationTab'), children: reasonsCard },
          { key: 'rules', label: <span data-testid="visitor-settings-rules">{t('visitor.watch.tab')}</span>, children: rulesTab },
          { key: 'preferences', label: <span data-testid="visitor-settings-preferences">{t('visitor.preferences.tab')}</span>, children: <VisitorPreferencesCard canEdit={canEdit} /> },
          { key: 'kioskTheme', label: <span data-testid="visitor-settings-kiosk-theme">{t('visitor.kioskTheme.tab')}</span>, children: <KioskThemeCard canEdit={canEdit} /> },
        ]}
      />
      {editing ? <ReasonDialog editing={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

/** Add or rename a visit reason; the server's refusal (a name taken) shows under the field. */
function ReasonDialog({ editing, onClose }: { editing: NonNullable<Editing>; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const [form] = Form.useForm<{ name: string }>();
  const add = useAddVisitReason();
  const rename = useRenameVisitReason();
  const isRename = editing.id !== undefined;
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  async function save() {
    let name: string;
    try {
      name = (await form.validateFields()).name.trim();
    } catch {
      return; // The form shows what is missing.
    }
    try {
      if (isRename) await rename.mutateAsync({ id: editing.id!, name });
      else await add.mutateAsync(name);
      void message.success(t(isRename ? 'visitor.settings.renamed' : 'visitor.settings.added'));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setFields([{ name: 'name', errors: [error.message] }]);
    }
  }

  return (
    <Modal
      open
      title={t(isRename ? 'visitor.settings.renameTitle' : 'visitor.settings.addTitle')}
      width={phone ? '100%' : 440}
      okText={t('visitor.settings.save')}
      cancelText={t('visitor.settings.cancel')}
      onOk={() => void save()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={add.isPending || rename.isPending}
      okButtonProps={{ 'data-testid': 'visit-reason-save' } as ButtonProps}
    >
      <Form form={form} layout="vertical" requiredMark initialValues={{ name: editing.name }} onValuesChange={dirty.onValuesChange} onFinish={() => void save()}>
        <Form.Item name="name" label={t('visitor.settings.name')} rules={[{ required: true, whitespace: true, message: t('visitor.settings.nameRequired') }]}>
          <Input maxLength={VISIT_REASON_MAX} showCount placeholder={t('visitor.settings.namePlaceholder')} autoFocus data-testid="visit-reason-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
