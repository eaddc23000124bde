import type { BoardLink, CreatedBoardLink, LiveLocation } from '@atrium/contract';
import { LIVE_LIMITS } from '@atrium/contract';
import { Alert, Button, Drawer, Form, Input, Popconfirm, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useBoardLinks, useCreateBoardLink, useRevokeBoardLink } from '../api/live.api';
import { locationTree } from './live-format';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';

/** Administrators create, copy and revoke the secret links of the public board; a link half filled in is not dropped unasked. */
export function BoardLinksDrawer({ open, onClose, locations }: { open: boolean; onClose: () => void; locations: LiveLocation[] }) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 700px)');
  const [form] = Form.useForm<{ name: string; locationId?: number }>();
  const links = useBoardLinks(open);
  const create = useCreateBoardLink();
  const revoke = useRevokeBoardLink();
  const [created, setCreated] = useState<CreatedBoardLink | null>(null);
  const dirty = useFormDirty(form, { isOpen: open });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  const submit = async (values: { name: string; locationId?: number }) => {
    const link = await create.mutateAsync({ name: values.name, locationId: values.locationId ?? null });
    setCreated(link);
    form.resetFields();
    dirty.markClean();
  };

  const columns: ColumnsType<BoardLink> = [
    { key: 'name', title: t('live.links.name'), dataIndex: 'name' },
    { key: 'location', title: t('live.links.location'), render: (_, link) => link.locationName ?? t('live.links.wholeCompany') },
    { key: 'createdAt', title: t('live.links.createdAt'), render: (_, link) => dayjs(link.createdAt).format('YYYY-MM-DD HH:mm') },
    {
      key: 'status',
      title: t('live.links.status'),
      render: (_, link) => (link.revokedAt ? <Tag>{t('live.links.revoked')}</Tag> : <Tag color="success">{t('live.links.active')}</Tag>),
    },
    {
      key: 'actions',
      title: '',
      render: (_, link) =>
        link.revokedAt ? null : (
          <Popconfirm title={t('live.links.revokeConfirm')} onConfirm={() => revoke.mutateAsync(link.id)}>
            <Button danger size="small" data-testid={`live-link-revoke-${link.id}`}>
              {t('live.links.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Drawer
      open={open}
      onClose={() =>
        confirmLeave(() => {
          // Discarded changes do not come back with the next opening.
          form.resetFields();
          setCreated(null);
          onClose();
        })
      }
      title={t('live.links.title')}
      size={isNarrow ? '100%' : 720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" data-testid="live-links-intro">
        {t('live.links.intro')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} onValuesChange={dirty.onValuesChange} requiredMark={false}>
        <Form.Item name="name" label={t('live.links.name')} rules={[{ required: true, whitespace: true, message: t('live.links.nameRequired') }]}>
          <Input maxLength={LIVE_LIMITS.linkNameMax} placeholder={t('live.links.namePlaceholder')} data-testid="live-link-name" />
        </Form.Item>
        <Form.Item name="locationId" label={t('live.links.location')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={locationTree(locations)} placeholder={t('live.links.wholeCompany')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="live-link-create">
          {t('live.links.create')}
        </Button>
      </Form>
      {created ? (
        <Alert
          className="live-created-link"
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          title={t('live.links.created')}
          description={
            <Typography.Paragraph copyable={{ text: `${window.location.origin}${created.path}` }} style={{ marginBottom: 0, wordBreak: 'break-all' }} data-testid="created-link">
              {`${window.location.origin}${created.path}`}
            </Typography.Paragraph>
          }
        />
      ) : null}
      <DataTable<BoardLink>
        style={{ marginTop: 24 }}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={links.data?.list ?? []}
        loading={links.isLoading}
        pagination={false}
        scroll={{ x: 560 }}
        locale={tableEmpty(t('live.links.empty'))}
      />
    </Drawer>
  );
}
