import { AIR_BOARD_LINK_NAME_MAX, type AirBoardLink, type CreatedAirBoardLink } from '@atrium/contract';
import { Alert, Button, Drawer, Form, Input, Popconfirm, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { useAirBoardLinks, useCreateAirBoardLink, useRevokeAirBoardLink } from '../api/air.api';
import type { LocationOption } from './air-format';

interface LinkForm {
  name: string;
  locationId?: number;
}

/** The lobby board's secret links: create one (its address shown once), see them, revoke one. */
export function AirBoardLinksDrawer({ open, onClose, locations, canEdit }: { open: boolean; onClose: () => void; locations: LocationOption[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 700px)');
  const [form] = Form.useForm<LinkForm>();
  const links = useAirBoardLinks(open);
  const create = useCreateAirBoardLink();
  const revoke = useRevokeAirBoardLink();
  const [created, setCreated] = useState<CreatedAirBoardLink | null>(null);
  // A name typed for a new link and not created yet is asked about before the drawer closes.
  const dirty = useFormDirty(form, { isOpen: open });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  const submit = async (values: LinkForm) => {
    setCreated(await create.mutateAsync({ name: values.name, locationId: values.locationId ?? null }));
    form.resetFields();
    dirty.markClean();
  };

  const columns: ColumnsType<AirBoardLink> = [
    { key: 'name', title: t('air.links.name'), dataIndex: 'name' },
    { key: 'location', title: t('air.links.location'), render: (_, link) => link.locationName ?? t('air.links.wholeCompany') },
    { key: 'createdAt', title: t('air.links.createdAt'), render: (_, link) => dayjs(link.createdAt).format('YYYY-MM-DD HH:mm') },
    { key: 'status', title: t('air.links.status'), render: (_, link) => (link.revokedAt ? <Tag>{t('air.links.revoked')}</Tag> : <Tag color="success">{t('air.links.active')}</Tag>) },
    {
      key: 'actions',
      title: '',
      render: (_, link) =>
        link.revokedAt || !canEdit ? null : (
          <Popconfirm title={t('air.links.revokeConfirm')} onConfirm={() => revoke.mutateAsync(link.id)}>
            <Button danger size="small" data-testid={`air-link-revoke-${link.id}`}>
              {t('air.links.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
  const address = created ? `${window.location.origin}${created.path}` : '';

  return (
    <Drawer
      open={open}
      onClose={() =>
        confirmLeave(() => {
          form.resetFields();
          dirty.markClean();
          setCreated(null);
          onClose();
        })
      }
      title={t('air.links.title')}
      size={isNarrow ? '100%' : 720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('air.links.intro')}</Typography.Paragraph>
      {canEdit ? (
        <Form form={form} layout="vertical" onValuesChange={dirty.onValuesChange} onFinish={submit} requiredMark={false}>
          <Form.Item name="name" label={t('air.links.name')} rules={[{ required: true, whitespace: true, message: t('air.links.nameRequired') }]}>
            <Input maxLength={AIR_BOARD_LINK_NAME_MAX} placeholder={t('air.links.namePlaceholder')} data-testid="air-link-name" />
          </Form.Item>
          <Form.Item name="locationId" label={t('air.links.location')}>
            <TreeSelect allowClear treeDefaultExpandAll treeData={locations} placeholder={t('air.links.wholeCompany')} aria-label={t('air.links.location')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="air-link-create">
            {t('air.links.create')}
          </Button>
        </Form>
      ) : null}
      {created ? (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          title={t('air.links.created')}
          description={
            <Typography.Paragraph copyable={{ text: address }} style={{ marginBottom: 0, wordBreak: 'break-all' }} data-testid="air-created-link">
              {address}
            </Typography.Paragraph>
          }
        />
      ) : null}
      <DataTable<AirBoardLink>
        style={{ marginTop: 24 }}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={links.data?.list ?? []}
        loading={links.isLoading}
        pagination={false}
        scroll={{ x: 560 }}
        locale={tableEmpty(t('air.links.empty'))}
      />
    </Drawer>
  );
}
