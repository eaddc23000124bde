import { LockOutlined, SearchOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, hasPermission, LOG_TIME_FORMAT, PAGE_SIZES, type MailOutboxItem, type MailStatus } from '@atrium/contract';
import { Alert, Descriptions, Drawer, Input, Spin, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { useOutbox, useOutboxMail } from '../api/mail.api';
import './mail-outbox-page.css';
import { DataTable } from '../../../shared/ui/data-table';

const STATUS_COLORS: Record<MailStatus, string> = { queued: 'processing', sent: 'green', failed: 'red', kept: 'blue' };

const formatTime = (ms: number | null) => (ms === null ? '' : dayjs(ms).format(LOG_TIME_FORMAT));

/**
 * /mail-outbox: every mail the company sent or kept, for administrators (no mail server needed).
 * A mail's body opens only with the mail-contents permission; links only the recipient received
 * show as a marker.
 */
export function MailOutboxPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canReadBodies = hasPermission(user.permissions, 'mailContent:view');
  const [recipient, setRecipient] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[0] as number });
  const [openId, setOpenId] = useState<number | null>(null);
  const debounced = useDebouncedValue(recipient.trim(), FILTER_DEBOUNCE_MS);
  const outbox = useOutbox({ ...paging, ...(debounced ? { recipient: debounced } : {}) });
  const mail = useOutboxMail(openId);
  const isNarrow = useMediaQuery('(max-width: 700px)');

  const status = (value: MailStatus) => <Tag color={STATUS_COLORS[value]}>{t(`mail.status.${value}`)}</Tag>;
  const columns: ColumnsType<MailOutboxItem> = [
    { key: 'createdAt', title: t('mail.fields.createdAt'), dataIndex: 'createdAt', width: 180, render: (value: number) => formatTime(value) },
    { key: 'to', title: t('mail.fields.to'), dataIndex: 'to', width: 240, ellipsis: true },
    {
      key: 'subject',
      title: t('mail.fields.subject'),
      ellipsis: true,
      render: (_, item) => (
        <>
          {item.subject}
          {item.isRedacted ? (
            <Tag className="atrium-mail-redacted" icon={<LockOutlined />} data-testid={`mail-redacted-${item.id}`}>
              {t('mail.redacted')}
            </Tag>
          ) : null}
        </>
      ),
    },
    { key: 'status', title: t('mail.fields.status'), dataIndex: 'status', width: 120, render: status },
  ];

  return (
    <div className="atrium-page" data-testid="page-mail-outbox">
      <PageHeader title={t('mail.title')} subtitle={t('mail.subtitle')} />
      <div className="atrium-mail-filters">
        <Input
          prefix={<SearchOutlined />}
          allowClear
          value={recipient}
          onChange={(event) => {
            setRecipient(event.target.value);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          placeholder={t('mail.filters.recipient')}
          aria-label={t('mail.filters.recipient')}
          data-testid="mail-filter-recipient"
        />
      </div>
      {canReadBodies ? null : (
        <p className="atrium-muted" data-testid="mail-no-content-permission">
          {t('mail.noContentPermission')}
        </p>
      )}
      <DataTable<MailOutboxItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={outbox.data?.list ?? []}
        loading={outbox.isFetching}
        data-testid="mail-table"
        onRow={(item) =>
          (canReadBodies ? { onClick: () => setOpenId(item.id), style: { cursor: 'pointer' }, 'data-testid': `mail-row-${item.id}` } : { 'data-testid': `mail-row-${item.id}` }) as object
        }
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: outbox.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total) => t('mail.total', { count: total }),
          onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
        }}
      />
      <Drawer open={openId !== null} onClose={() => setOpenId(null)} title={mail.data?.subject ?? t('mail.details')} size={isNarrow ? '100%' : 720} destroyOnHidden>
        {mail.isPending ? <Spin /> : null}
        {mail.data ? (
          <div data-testid="mail-details">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('mail.fields.to')}>{mail.data.to}</Descriptions.Item>
              <Descriptions.Item label={t('mail.fields.subject')}>{mail.data.subject}</Descriptions.Item>
              <Descriptions.Item label={t('mail.fields.status')}>{status(mail.data.status)}</Descriptions.Item>
              <Descriptions.Item label={t('mail.fields.createdAt')}>{formatTime(mail.data.createdAt)}</Descriptions.Item>
              {mail.data.sentAt !== null ? <Descriptions.Item label={t('mail.fields.sentAt')}>{formatTime(mail.data.sentAt)}</Descriptions.Item> : null}
            </Descriptions>
            {mail.data.error ? <Alert className="atrium-mail-error" type="error" showIcon title={mail.data.error} /> : null}
            {mail.data.isRedacted ? <Alert className="atrium-mail-error" type="info" showIcon icon={<LockOutlined />} title={t('mail.redactedHint')} data-testid="mail-redacted-hint" /> : null}
            <Tabs
              className="atrium-mail-body"
              items={[
                { key: 'text', label: t('mail.text'), children: <pre className="atrium-mail-text" data-testid="mail-text">{mail.data.text}</pre> },
                ...(mail.data.html
                  ? [
                      {
                        key: 'html',
                        label: t('mail.html'),
                        // An empty sandbox: no scripts, no forms, no same-origin access; links cannot navigate the console.
                        children: <iframe className="atrium-mail-html" title={t('mail.html')} sandbox="" srcDoc={mail.data.html} data-testid="mail-html" />,
                      },
                    ]
                  : []),
              ]}
            />
          </div>
        ) : null}
      </Drawer>
    </div>
  );
}
