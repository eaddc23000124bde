import { Alert, Button, Drawer, Form, Input, Popconfirm, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../forms/form-dirty';
import { useUnsavedChanges } from '../forms/unsaved-changes';
import { useMediaQuery } from '../hooks/use-media-query';
import { DataTable } from './data-table';
import { tableEmpty } from './empty-state';

/** A secret link to a public screen as the lists answer it (the room board's, the air board's). */
export interface SecretLink {
  id: number;
  name: string;
  locationName: string | null;
  createdAt: number;
  revokedAt: number | null;
}

/** A location of the tree the link may be narrowed to. */
export interface SecretLinkPlace {
  value: number;
  title: string;
  children?: SecretLinkPlace[];
}

export interface SecretLinksDrawerProps<L extends SecretLink> {
  open: boolean;
  onClose: () => void;
  /** The texts' key prefix (the room board's or the air board's links): title, intro, name, location, wholeCompany, ... */
  texts: string;
  /** The test ids' prefix: `<p>-link-name`, `<p>-link-create`, `<p>-created-link`, `<p>-link-revoke-<id>`, `<p>-links-intro`. */
  testIds: string;
  places: SecretLinkPlace[];
  nameMax: number;
  /** Whether the reader may create and revoke links (else the list only). */
  canEdit: boolean;
  links: { list: L[] | undefined; isLoading: boolean };
  create: { run: (body: { name: string; locationId: number | null }) => Promise<{ path: string }>; isPending: boolean };
  revoke: (id: number) => Promise<unknown>;
}

/**
 * The secret links of a public screen (the room board, the air board): create one, whose address is
 * shown this once; see them; revoke one. A name typed and not created yet is asked about before the
 * drawer closes.
 */
export function SecretLinksDrawer<L extends SecretLink>({ open, onClose, texts, testIds, places, nameMax, canEdit, links, create, revoke }: SecretLinksDrawerProps<L>) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 700px)');
  const [form] = Form.useForm<{ name: string; locationId?: number }>();
  const [created, setCreated] = useState<{ path: string } | null>(null);
  const dirty = useFormDirty(form, { isOpen: open });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const text = (key: string) => t(`${texts}.${key}`);

  const submit = async (values: { name: string; locationId?: number }) => {
    setCreated(await create.run({ name: values.name, locationId: values.locationId ?? null }));
    form.resetFields();
    dirty.markClean();
  };

  const columns: ColumnsType<L> = [
    { key: 'name', title: text('name'), dataIndex: 'name' },
    { key: 'location', title: text('location'), render: (_, link) => link.locationName ?? text('wholeCompany') },
    { key: 'createdAt', title: text('createdAt'), render: (_, link) => dayjs(link.createdAt).format('YYYY-MM-DD HH:mm') },
    { key: 'status', title: text('status'), render: (_, link) => (link.revokedAt ? <Tag>{text('revoked')}</Tag> : <Tag color="success">{text('active')}</Tag>) },
    {
      key: 'actions',
      title: '',
      render: (_, link) =>
        link.revokedAt || !canEdit ? null : (
          <Popconfirm title={text('revokeConfirm')} onConfirm={() => revoke(link.id)}>
            <Button danger size="small" data-testid={`${testIds}-link-revoke-${link.id}`}>
              {text('revoke')}
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
          // Discarded changes do not come back with the next opening.
          form.resetFields();
          setCreated(null);
          dirty.markClean();
          onClose();
        })
      }
      title={text('title')}
      size={isNarrow ? '100%' : 720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" data-testid={`${testIds}-links-intro`}>
        {text('intro')}
      </Typography.Paragraph>
      {canEdit ? (
        <Form form={form} layout="vertical" onValuesChange={dirty.onValuesChange} onFinish={submit} requiredMark={false}>
          <Form.Item name="name" label={text('name')} rules={[{ required: true, whitespace: true, message: text('nameRequired') }]}>
            <Input maxLength={nameMax} placeholder={text('namePlaceholder')} data-testid={`${testIds}-link-name`} />
          </Form.Item>
          <Form.Item name="locationId" label={text('location')}>
            <TreeSelect allowClear treeDefaultExpandAll treeData={places} placeholder={text('wholeCompany')} aria-label={text('location')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid={`${testIds}-link-create`}>
            {text('create')}
          </Button>
        </Form>
      ) : null}
      {created ? (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          title={text('created')}
          description={
            <Typography.Paragraph copyable={{ text: address }} style={{ marginBottom: 0, wordBreak: 'break-all' }} data-testid={`${testIds}-created-link`}>
              {address}
            </Typography.Paragraph>
          }
        />
      ) : null}
      <DataTable<L>
        style={{ marginTop: 24 }}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={links.list ?? []}
        loading={links.isLoading}
        pagination={false}
        scroll={{ x: 560 }}
        locale={tableEmpty(text('empty'))}
      />
    </Drawer>
  );
}
