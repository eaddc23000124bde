import { PlusOutlined } from '@ant-design/icons';
import { BROADCAST_STATUSES, FILTER_DEBOUNCE_MS, hasPermission, type BroadcastNotice, type BroadcastStatus } from '@atrium/contract';
import { App, Button, Popconfirm, Select, Space, Tag } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useNow } from '../../../shared/hooks/use-now';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { useBroadcasts, useDeleteBroadcast, useEndBroadcast } from '../api/broadcast.api';
import { BroadcastDrawer } from '../components/broadcast-drawer';
import { statusNow } from '../components/broadcast-form';
import { tableEmpty } from '../../../shared/ui/empty-state';
import './broadcast-page.css';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

const STATUS_COLORS: Record<BroadcastStatus, string> = { not_started: 'gold', ongoing: 'green', ended: 'default' };
const TIME = 'YYYY-MM-DD HH:mm';

/** /broadcast: notices on door displays with their status; publish, change, end now, delete. */
export function BroadcastPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'broadcast:edit');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<BroadcastStatus>();
  // null: a new notice; undefined: the drawer is closed.
  const [editing, setEditing] = useState<BroadcastNotice | null | undefined>(undefined);
  const filters = { keyword: useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS) || undefined, status };
  const paging = usePagination(filters);
  const list = useBroadcasts({ ...paging.request, ...filters });
  const end = useEndBroadcast();
  const remove = useDeleteBroadcast();
  // Statuses move with the clock between reads.
  const now = useNow(30_000);

  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      void message.success(done);
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message, 5);
      else throw error;
    }
  }

  const columns: ColumnsType<BroadcastNotice> = [
    {
      key: 'notice',
      title: t('broadcast.fields.title'),
      render: (_, notice) => (
        <div className="broadcast-cell-notice">
          {notice.imageUrl ? <img src={notice.imageUrl} alt="" className="broadcast-thumb" /> : <span className="broadcast-thumb broadcast-thumb-empty" />}
          <TruncatedText text={notice.title} isStrong />
        </div>
      ),
    },
    {
      key: 'targets',
      title: t('broadcast.fields.targets'),
      render: (_, notice) => (
        <div className="broadcast-targets">
          {notice.devices.map((device) => (
            <Tag key={`d${device.id}`} title={`${device.name} · ${device.path}`}>
              {device.name}
            </Tag>
          ))}
          {notice.locations.map((location) => (
            <Tag key={`l${location.id}`} color="blue" title={location.path || location.name}>
              {location.name}
            </Tag>
          ))}
        </div>
      ),
    },
    {
      key: 'period',
      title: t('broadcast.fields.period'),
      render: (_, notice) => (
        <div className="atrium-nowrap">
          <div>
            {dayjs(notice.startAt).format(TIME)} – {dayjs(notice.endAt).format(notice.repeat === 'none' ? TIME : 'HH:mm')}
          </div>
          {notice.repeat !== 'none' ? (
            <div className="atrium-muted">
              {t(`broadcast.repeats.${notice.repeat}`)} · {t('broadcast.untilDay', { day: dayjs(notice.repeatUntil! - 1).format('YYYY-MM-DD') })}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'status',
      title: t('broadcast.fields.status'),
      render: (_, notice) => {
        const value = statusNow(notice, now);
        return (
          <div>
            <Tag color={STATUS_COLORS[value]} data-testid={`broadcast-status-${notice.id}`}>
              {t(`broadcast.statuses.${value}`)}
            </Tag>
            {notice.endedAt !== null ? <div className="atrium-muted broadcast-ended-note">{t('broadcast.endedEarly', { at: dayjs(notice.endedAt).format(TIME), name: notice.endedByName ?? '—' })}</div> : null}
          </div>
        );
      },
    },
    { key: 'by', title: t('broadcast.fields.by'), render: (_, notice) => <TruncatedText text={notice.createdByName ?? '—'} className="atrium-muted" /> },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('broadcast.fields.actions'),
            fixed: 'right' as const,
            render: (_: unknown, notice: BroadcastNotice) => {
              const isEnded = statusNow(notice, now) === 'ended';
              return (
                <Space size={4} wrap>
                  {!isEnded ? (
                    <Button size="small" onClick={() => setEditing(notice)} data-testid={`broadcast-edit-${notice.id}`}>
                      {t('broadcast.edit')}
                    </Button>
                  ) : null}
                  {!isEnded ? (
                    <Popconfirm
                      title={t('broadcast.endConfirm', { title: notice.title })}
                      okText={t('broadcast.endNow')}
                      cancelText={t('broadcast.cancel')}
                      onConfirm={() => run(() => end.mutateAsync(notice.id), t('broadcast.endedNow'))}
                      okButtonProps={{ 'data-testid': 'broadcast-end-confirm' } as ButtonProps}
                    >
                      <Button size="small" data-testid={`broadcast-end-${notice.id}`}>
                        {t('broadcast.endNow')}
                      </Button>
                    </Popconfirm>
                  ) : null}
                  <Popconfirm
                    title={t('broadcast.deleteConfirm', { title: notice.title })}
                    okText={t('broadcast.delete')}
                    cancelText={t('broadcast.cancel')}
                    okButtonProps={{ danger: true, 'data-testid': 'broadcast-delete-confirm' } as ButtonProps}
                    onConfirm={() => run(() => remove.mutateAsync(notice.id), t('broadcast.deleted'))}
                  >
                    <Button size="small" danger data-testid={`broadcast-delete-${notice.id}`}>
                      {t('broadcast.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <div className="atrium-page" data-testid="page-broadcast">
      <PageHeader
        title={t('broadcast.title')}
        subtitle={t('broadcast.subtitle')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="broadcast-create">
              {t('broadcast.create')}
            </Button>
          ) : null
        }
      />
      <div className="atrium-toolbar">
        <ToolbarSearch value={keyword} onChange={setKeyword} label={t('broadcast.filters.keyword')} maxLength={100} data-testid="broadcast-keyword" />
        <Select<BroadcastStatus>
          allowClear
          value={status}
          onChange={(value) => setStatus(value)}
          options={BROADCAST_STATUSES.map((value) => ({ value, label: t(`broadcast.statuses.${value}`) }))}
          placeholder={t('broadcast.filters.status')}
          aria-label={t('broadcast.filters.status')}
          style={{ minWidth: 160 }}
          data-testid="broadcast-status-filter"
        />
      </div>
      <DataTable<BroadcastNotice>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={paging.tablePagination(list.data?.total ?? 0)}
        onChange={paging.onTableChange}
        onRow={(notice) => ({ 'data-testid': `broadcast-row-${notice.id}` }) as object}
        locale={tableEmpty(t('broadcast.empty'))}
        data-testid="broadcast-table"
      />
      {editing !== undefined ? <BroadcastDrawer notice={editing} onClose={() => setEditing(undefined)} /> : null}
    </div>
  );
}
