import {
  APPROVAL_DEADLINE_HOURS,
  APPROVAL_REASON_MAX,
  hasPermission,
  PAGE_SIZES,
  toZoned,
  type ApprovalDeadlineHours,
  type ApprovalItem,
  type ApprovalScope,
  type ApprovalTab,
  type ReservationStatus,
} from '@atrium/contract';
import { Alert, App, Button, Card, Form, Input, Modal, Pagination, Radio, Segmented, Select, Space, Spin, Tabs, Tag, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { useApprovals, useApprovalSettings, useApprove, useReject, useSaveApprovalSettings, useWithdraw } from '../api/booking-approval.api';
import { EmptyState, tableEmpty } from '../../../shared/ui/empty-state';
import './meeting-approval-page.css';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';

const STATUS_COLORS: Record<ReservationStatus, string> = {
  pending: 'processing',
  confirmed: 'green',
  rejected: 'red',
  cancelled: 'default',
  expired: 'orange',
  released: 'default',
};
const FILTER_STATUSES: ReservationStatus[] = ['pending', 'confirmed', 'rejected', 'expired', 'cancelled'];

/** "2026-11-24 10:00" in the zone (UTC when the room has none). */
function local(ms: number, zone: string | null) {
  const { date, time } = toZoned(ms, zone ?? 'UTC');
  return `${date} ${time}`;
}

/** "2026-11-24 10:00–11:00" (with the end date when it is another day). */
function span(item: ApprovalItem) {
  const zone = item.timeZone ?? 'UTC';
  const start = toZoned(item.startAt, zone);
  const end = toZoned(item.endAt, zone);
  return `${start.date} ${start.time}–${end.date === start.date ? end.time : `${end.date} ${end.time}`}`;
}

type View = 'initiated' | 'approver';
type Pending = { kind: 'approve' | 'reject'; item: ApprovalItem };

/** /meeting-approval: booking requests I made, and for approvers the requests to decide and those decided. */
export function MeetingApprovalPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isApprover = hasPermission(user.permissions, 'events:view');
  const canSetDeadline = hasPermission(user.permissions, 'reservationScreens:edit');
  const [view, setView] = useState<View>('initiated');
  const [approverTab, setApproverTab] = useState<Exclude<ApprovalTab, 'initiated'>>('toDecide');
  const [status, setStatus] = useState<ReservationStatus | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const searched = useDebouncedValue(keyword.trim(), 300);
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[0] as number });
  const [action, setAction] = useState<Pending | null>(null);
  const tab: ApprovalTab = view === 'initiated' ? 'initiated' : approverTab;
  const list = useApprovals({ tab, ...paging, ...(status ? { status } : {}), ...(searched ? { keyword: searched } : {}) });
  const approve = useApprove();
  const withdraw = useWithdraw();
  const { message, modal } = App.useApp();
  const isNarrow = useMediaQuery('(max-width: 700px)');

  const resetPage = () => setPaging((current) => ({ ...current, page: 1 }));

  const confirmWithdraw = (item: ApprovalItem) =>
    modal.confirm({
      title: t('booking-approval.withdraw.title'),
      content: t('booking-approval.withdraw.content', { title: item.title ?? t('booking-approval.hiddenTitle') }),
      okText: t('booking-approval.actions.withdraw'),
      cancelText: t('common.actions.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'withdraw-confirm' } as ButtonProps,
      onOk: async () => {
        await withdraw.mutateAsync({ id: item.id });
        void message.success(t('booking-approval.withdraw.done'));
      },
    });

  const approveNow = async (item: ApprovalItem) => {
    await approve.mutateAsync({ id: item.id, scope: 'one' });
    void message.success(t('booking-approval.approve.done'));
  };

  const statusTag = (item: ApprovalItem) => (
    <Tag color={STATUS_COLORS[item.status]} data-testid={`approval-status-${item.id}`}>
      {t(`booking-approval.status.${item.status}`)}
    </Tag>
  );

  const actions = (item: ApprovalItem) => (
    <Space size={4} wrap>
      {item.canDecide ? (
        <>
          <Button
            size="small"
            type="primary"
            loading={approve.isPending && approve.variables?.id === item.id}
            onClick={() => (item.seriesId !== null ? setAction({ kind: 'approve', item }) : void approveNow(item).catch(() => undefined))}
            data-testid={`approve-${item.id}`}
          >
            {t('booking-approval.actions.approve')}
          </Button>
          <Button size="small" danger onClick={() => setAction({ kind: 'reject', item })} data-testid={`reject-${item.id}`}>
            {t('booking-approval.actions.reject')}
          </Button>
        </>
      ) : null}
      {item.canWithdraw ? (
        <Button size="small" onClick={() => confirmWithdraw(item)} data-testid={`withdraw-${item.id}`}>
          {t('booking-approval.actions.withdraw')}
        </Button>
      ) : null}
    </Space>
  );

  const pagination = {
    current: paging.page,
    pageSize: paging.pageSize,
    total: list.data?.total ?? 0,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showTotal: (total: number) => t('booking-approval.total', { count: total }),
    onChange: (page: number, pageSize: number) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
  };

  const columns: ColumnsType<ApprovalItem> = [
    {
      key: 'title',
      title: t('booking-approval.fields.title'),
      render: (_, item) => (
        <div className="atrium-approval-title">
          <TruncatedText text={item.title ?? t('booking-approval.hiddenTitle')} isStrong />
          {item.seriesId !== null ? <Tag className="atrium-approval-series">{t('booking-approval.series')}</Tag> : null}
        </div>
      ),
    },
    {
      key: 'room',
      title: t('booking-approval.fields.room'),
      render: (_, item) => (
        <div className="atrium-approval-room atrium-truncate-block">
          <TruncatedText text={item.roomName} />
          <TruncatedText text={item.locationPath} lines={2} className="atrium-muted atrium-approval-path" />
        </div>
      ),
    },
    {
      key: 'time',
      title: t('booking-approval.fields.time'),
      render: (_, item) => (
        <div>
          <div className="atrium-approval-nowrap">{span(item)}</div>
          <Typography.Text type="secondary">{item.timeZone ?? 'UTC'}</Typography.Text>
        </div>
      ),
    },
    { key: 'host', title: t('booking-approval.fields.host'), render: (_, item) => item.requesterName ?? '' },
    {
      key: 'status',
      title: t('booking-approval.fields.status'),
      render: (_, item) => statusTag(item),
    },
    {
      key: 'deadline',
      title: t('booking-approval.fields.deadline'),
      render: (_, item) => <span className="atrium-approval-nowrap">{item.approvalDeadlineAt === null ? '' : local(item.approvalDeadlineAt, item.timeZone)}</span>,
    },
    {
      key: 'decision',
      title: t('booking-approval.fields.decision'),
      render: (_, item) =>
        item.decidedByName || item.decisionReason ? (
          <div className="atrium-approval-decision">
            {item.decidedByName ? <div>{item.decidedByName}</div> : null}
            {item.decisionReason ? <Typography.Text type="secondary">{item.decisionReason}</Typography.Text> : null}
          </div>
        ) : null,
    },
    { key: 'actions', title: t('booking-approval.fields.actions'), fixed: 'right', render: (_, item) => actions(item) },
  ];

  return (
    <div className="atrium-page" data-testid="page-meeting-approval">
      <PageHeader title={t('booking-approval.title')} subtitle={t('booking-approval.subtitle')} />
      {canSetDeadline ? <DeadlineCard /> : null}
      <Tabs
        activeKey={view}
        onChange={(key) => {
          setView(key as View);
          resetPage();
        }}
        items={[
          { key: 'initiated', label: <span data-testid="tab-initiated">{t('booking-approval.tabs.initiated')}</span> },
          ...(isApprover ? [{ key: 'approver', label: <span data-testid="tab-approver">{t('booking-approval.tabs.approvedByMe')}</span> }] : []),
        ]}
      />
      <div className="atrium-approval-filters">
        {view === 'approver' ? (
          <Segmented<Exclude<ApprovalTab, 'initiated'>>
            value={approverTab}
            onChange={(value) => {
              setApproverTab(value);
              resetPage();
            }}
            options={[
              { value: 'toDecide', label: <span data-testid="segment-toDecide">{t('booking-approval.tabs.toDecide')}</span> },
              { value: 'decided', label: <span data-testid="segment-decided">{t('booking-approval.tabs.decided')}</span> },
            ]}
          />
        ) : null}
        <Select<ReservationStatus>
          allowClear
          className="atrium-approval-status"
          placeholder={t('booking-approval.filters.status')}
          aria-label={t('booking-approval.filters.status')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            resetPage();
          }}
          options={FILTER_STATUSES.map((value) => ({ value, label: t(`booking-approval.status.${value}`) }))}
          data-testid="approval-status-filter"
        />
        <Input.Search
          allowClear
          className="atrium-approval-keyword"
          placeholder={t('booking-approval.filters.keyword')}
          aria-label={t('booking-approval.filters.keyword')}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            resetPage();
          }}
          data-testid="approval-keyword"
        />
      </div>
      {isNarrow ? (
        <Spin spinning={list.isFetching}>
          <div className="atrium-approval-cards" data-testid="approval-table">
            {(list.data?.list ?? []).length === 0 ? <EmptyState description={t(`booking-approval.empty.${tab}`)} /> : null}
            {(list.data?.list ?? []).map((item) => (
              <Card key={item.id} size="small" className="atrium-approval-card" data-testid={`approval-row-${item.id}`}>
                <div className="atrium-approval-card-head">
                  <TruncatedText text={item.title ?? t('booking-approval.hiddenTitle')} isStrong />
                  {statusTag(item)}
                </div>
                <TruncatedText text={item.roomName} />
                <div>
                  {span(item)} <Typography.Text type="secondary">{item.timeZone ?? 'UTC'}</Typography.Text>
                </div>
                <TruncatedText text={item.locationPath} lines={2} className="atrium-muted atrium-approval-path" />
                <div className="atrium-approval-card-meta">
                  <TruncatedText text={`${t('booking-approval.fields.host')}: ${item.requesterName ?? ''}`} />
                  {item.approvalDeadlineAt !== null ? (
                    <span>
                      {t('booking-approval.fields.deadline')}: {local(item.approvalDeadlineAt, item.timeZone)}
                    </span>
                  ) : null}
                  {item.decidedByName || item.decisionReason ? (
                    <span>
                      {t('booking-approval.fields.decision')}: {[item.decidedByName, item.decisionReason].filter(Boolean).join(' · ')}
                    </span>
                  ) : null}
                </div>
                {item.canDecide || item.canWithdraw ? <div className="atrium-approval-card-actions">{actions(item)}</div> : null}
              </Card>
            ))}
            <Pagination size="small" align="end" {...pagination} showSizeChanger={false} />
          </div>
        </Spin>
      ) : (
        <DataTable<ApprovalItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          data-testid="approval-table"
          onRow={(item) => ({ 'data-testid': `approval-row-${item.id}` }) as object}
          locale={tableEmpty(t(`booking-approval.empty.${tab}`))}
          pagination={pagination}
        />
      )}
      {action ? <DecisionModal pending={action} onClose={() => setAction(null)} /> : null}
    </div>
  );
}

/** Approve a series occurrence (this one or the whole series), or reject with a reason; a typed reason is not dropped unasked. */
function DecisionModal({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string; scope?: ApprovalScope }>();
  const approve = useApprove();
  const reject = useReject();
  const { kind, item } = pending;
  const initialValues = { scope: 'one' as const };
  const dirty = useFormDirty(form, { initialValues });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  const submit = async (values: { reason?: string; scope?: ApprovalScope }) => {
    // The scope field shows only for a series occurrence.
    const scope = values.scope ?? 'one';
    if (kind === 'approve') {
      await approve.mutateAsync({ id: item.id, scope });
      void message.success(t('booking-approval.approve.done'));
    } else {
      await reject.mutateAsync({ id: item.id, scope, reason: values.reason?.trim() ?? '' });
      void message.success(t('booking-approval.reject.done'));
    }
    onClose();
  };

  return (
    <Modal
      open
      title={t(kind === 'approve' ? 'booking-approval.approve.title' : 'booking-approval.reject.title')}
      okText={t(kind === 'approve' ? 'booking-approval.actions.approve' : 'booking-approval.actions.reject')}
      okButtonProps={{ danger: kind === 'reject', 'data-testid': 'decision-submit' } as ButtonProps}
      cancelText={t('common.actions.cancel')}
      confirmLoading={approve.isPending || reject.isPending}
      onOk={() => form.submit()}
      onCancel={() => confirmLeave(onClose)}
      destroyOnHidden
    >
      <p className="atrium-approval-subject">
        {item.title ?? t('booking-approval.hiddenTitle')} · {item.roomName} · {span(item)}
      </p>
      {kind === 'reject' ? (
        // There is no undo for a rejection (the host is told, the slot given up): said before it is sent.
        <Alert type="warning" showIcon title={t('booking-approval.reject.irreversible')} className="atrium-approval-irreversible" data-testid="decision-irreversible" />
      ) : null}
      <Form form={form} layout="vertical" initialValues={initialValues} onValuesChange={dirty.onValuesChange} onFinish={(values) => void submit(values).catch(() => undefined)} data-testid="decision-form">
        {item.seriesId !== null ? (
          <Form.Item name="scope" label={t('booking-approval.scope.label')}>
            <Radio.Group
              options={[
                { value: 'one', label: t('booking-approval.scope.one') },
                { value: 'series', label: t('booking-approval.scope.series') },
              ]}
            />
          </Form.Item>
        ) : null}
        {kind === 'reject' ? (
          <Form.Item
            name="reason"
            label={t('booking-approval.reject.reason')}
            rules={[{ required: true, whitespace: true, message: t('booking-approval.reject.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={APPROVAL_REASON_MAX} showCount placeholder={t('booking-approval.reject.placeholder')} data-testid="reject-reason" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

/** The company's approval deadline, for administrators of booking settings. */
function DeadlineCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useApprovalSettings(true);
  const save = useSaveApprovalSettings();
  const labels: Record<ApprovalDeadlineHours, string> = { 24: t('booking-approval.deadline.h24'), 168: t('booking-approval.deadline.d7'), 720: t('booking-approval.deadline.d30') };
  return (
    <Card size="small" className="atrium-approval-settings" title={t('booking-approval.deadline.title')} data-testid="approval-settings">
      <div className="atrium-approval-settings-row">
        <Typography.Text type="secondary">{t('booking-approval.deadline.hint')}</Typography.Text>
        <Select<ApprovalDeadlineHours>
          className="atrium-approval-deadline"
          aria-label={t('booking-approval.deadline.title')}
          value={settings.data?.deadlineHours}
          loading={settings.isPending || save.isPending}
          options={APPROVAL_DEADLINE_HOURS.map((hours) => ({ value: hours, label: labels[hours] }))}
          onChange={(deadlineHours) =>
            void save
              .mutateAsync({ deadlineHours })
              .then(() => message.success(t('booking-approval.deadline.saved')))
              .catch(() => undefined)
          }
          data-testid="approval-deadline"
        />
      </div>
    </Card>
  );
}
