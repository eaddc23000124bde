import { PlusOutlined } from '@ant-design/icons';
import {
  BLACKLIST_REASON_MAX,
  BLACKLIST_STATES,
  FILTER_DEBOUNCE_MS,
  hasPermission,
  LOG_TIME_FORMAT,
  type BlacklistEntry,
  type BlacklistState,
} from '@atrium/contract';
import { App, Button, DatePicker, Form, Input, Modal, Popconfirm, Select, Tag } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAddBlacklist, useBlacklist, useBlacklistCandidates, useLiftBlacklist } from '../api/blacklist.api';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

const STATE_COLORS: Record<BlacklistState, string> = { active: 'red', scheduled: 'gold', ended: 'default', lifted: 'default' };
const when = (ms: number | null) => (ms === null ? null : dayjs(ms).format(LOG_TIME_FORMAT));

/** /booker-blacklist: colleagues barred from booking rooms, with the history of ended and lifted entries. */
export function BlacklistPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'reservationScreens:edit');
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<BlacklistState>();
  const [adding, setAdding] = useState(false);
  const filters = { keyword: useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS) || undefined, state };
  const paging = usePagination(filters);
  const list = useBlacklist({ ...paging.request, ...filters });
  const lift = useLiftBlacklist();

  async function liftEntry(entry: BlacklistEntry) {
    try {
      await lift.mutateAsync(entry.id);
      void message.success(t('blacklist.lifted', { name: entry.fullName }));
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  const columns: ColumnsType<BlacklistEntry> = [
    {
      key: 'person',
      title: t('blacklist.fields.person'),
      render: (_, entry) => (
        <span className="atrium-person">
          <TruncatedText text={entry.fullName} isStrong />
          <TruncatedText text={entry.email ?? entry.userName} className="atrium-muted" />
        </span>
      ),
    },
    { key: 'reason', title: t('blacklist.fields.reason'), dataIndex: 'reason', render: (reason: string | null) => reason ?? '—' },
    { key: 'from', title: t('blacklist.fields.from'), dataIndex: 'startsAt', render: (at: number) => <span className="atrium-nowrap">{when(at)}</span> },
    {
      key: 'until',
      title: t('blacklist.fields.until'),
      render: (_, entry) => <span className="atrium-nowrap">{entry.liftedAt !== null ? t('blacklist.liftedAt', { at: when(entry.liftedAt) }) : (when(entry.endsAt) ?? t('blacklist.untilLifted'))}</span>,
    },
    {
      key: 'state',
      title: t('blacklist.fields.state'),
      dataIndex: 'state',
      render: (value: BlacklistState, entry) => (
        <Tag color={STATE_COLORS[value]} data-testid={`blacklist-state-${entry.id}`}>
          {t(`blacklist.states.${value}`)}
        </Tag>
      ),
    },
    {
      key: 'by',
      title: t('blacklist.fields.by'),
      render: (_, entry) => (
        <TruncatedText
          text={`${entry.createdByName ?? '—'}${entry.liftedByName ? ` · ${t('blacklist.liftedBy', { name: entry.liftedByName })}` : ''}`}
          className="atrium-muted"
        />
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('blacklist.fields.actions'),
            render: (_: unknown, entry: BlacklistEntry) =>
              entry.state === 'active' || entry.state === 'scheduled' ? (
                <Popconfirm
                  title={t('blacklist.liftConfirm', { name: entry.fullName })}
                  okText={t('blacklist.lift')}
                  cancelText={t('blacklist.keep')}
                  onConfirm={() => liftEntry(entry)}
                  okButtonProps={{ 'data-testid': 'blacklist-lift-confirm' } as ButtonProps}
                >
                  <Button size="small" data-testid={`blacklist-lift-${entry.id}`}>
                    {t('blacklist.lift')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <div className="atrium-page" data-testid="page-blacklist">
      <PageHeader
        title={t('blacklist.title')}
        subtitle={t('blacklist.subtitle')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="blacklist-add">
              {t('blacklist.add')}
            </Button>
          ) : null
        }
      />
      <div className="atrium-toolbar">
        <ToolbarSearch value={keyword} onChange={setKeyword} label={t('blacklist.filters.keyword')} maxLength={100} data-testid="blacklist-keyword" />
        <Select<BlacklistState>
          allowClear
          value={state}
          onChange={(value) => setState(value)}
          options={BLACKLIST_STATES.map((value) => ({ value, label: t(`blacklist.states.${value}`) }))}
          placeholder={t('blacklist.filters.state')}
          aria-label={t('blacklist.filters.state')}
          style={{ minWidth: 160 }}
          data-testid="blacklist-state-filter"
        />
      </div>
      <DataTable<BlacklistEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={paging.tablePagination(list.data?.total ?? 0)}
        onChange={paging.onTableChange}
        onRow={(entry) => ({ 'data-testid': `blacklist-row-${entry.id}` }) as object}
        locale={tableEmpty(t('blacklist.empty'))}
        data-testid="blacklist-table"
      />
      {adding ? <AddDialog onClose={() => setAdding(false)} /> : null}
    </div>
  );
}

interface AddValues {
  userId?: number;
  reason?: string;
  until?: Dayjs | null;
}

/**
 * Bar a colleague: who, why, and optionally until which day (through the end of that day, in this
 * browser's zone). Asks before unsaved changes go.
 */
function AddDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const [form] = Form.useForm<AddValues>();
  const [search, setSearch] = useState('');
  const candidates = useBlacklistCandidates(useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS), true);
  const add = useAddBlacklist();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  async function save() {
    let values: AddValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    try {
      await add.mutateAsync({
        userId: values.userId!,
        reason: values.reason!.trim(),
        endsAt: values.until ? values.until.add(1, 'day').startOf('day').valueOf() : null,
      });
      void message.success(t('blacklist.added'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  return (
    <Modal
      open
      title={t('blacklist.addTitle')}
      width={phone ? '100%' : 520}
      okText={t('blacklist.addOk')}
      cancelText={t('blacklist.cancel')}
      onOk={() => void save()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'blacklist-save' } as ButtonProps}
    >
      <Form form={form} layout="vertical" requiredMark onValuesChange={dirty.onValuesChange}>
        <Form.Item name="userId" label={t('blacklist.fields.person')} rules={[{ required: true, message: t('blacklist.rules.person') }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setSearch}
            placeholder={t('blacklist.personPlaceholder')}
            options={(candidates.data ?? []).map((person) => ({ value: person.id, label: person.email ? `${person.fullName} <${person.email}>` : person.fullName }))}
            loading={candidates.isFetching}
            data-testid="blacklist-person"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('blacklist.fields.reason')}
          rules={[{ required: true, whitespace: true, message: t('blacklist.rules.reason') }]}
        >
          <Input.TextArea rows={3} maxLength={BLACKLIST_REASON_MAX} showCount placeholder={t('blacklist.reasonPlaceholder')} data-testid="blacklist-reason" />
        </Form.Item>
        <Form.Item name="until" label={t('blacklist.fields.untilDay')} extra={t('blacklist.untilHelp')}>
          <DatePicker style={{ width: '100%' }} disabledDate={(day) => day.isBefore(dayjs(), 'day')} data-testid="blacklist-until" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
