import { CheckCircleFilled, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FILTER_DEBOUNCE_MS,
  hasPermission,
  INSPECTION_INTERVALS,
  INSPECTION_ITEM_MAX,
  INSPECTION_ITEMS_MAX,
  INSPECTION_NAME_MAX,
  LOG_TIME_FORMAT,
  type InspectionChecklist,
  type InspectionDue,
  type InspectionInterval,
  type InspectionRun,
  type RepairTarget,
} from '@atrium/contract';
import { App, Button, Card, Drawer, Form, Input, Modal, Popconfirm, Segmented, Select, Space, Switch, Tag, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { useSession } from '../../../shared/session/session-context';
import { DataTable } from '../../../shared/ui/data-table';
import { EmptyState, tableEmpty } from '../../../shared/ui/empty-state';
import { QueryBody } from '../../../shared/ui/query-body';
import { useRepairTargets } from '../../repair/api/repair.api';
import {
  useCompleteInspection,
  useDeleteInspectionChecklist,
  useInspectionAreas,
  useInspectionChecklists,
  useInspectionRun,
  useInspectionRuns,
  useInspectionsDue,
  useInspectorCandidates,
  useSaveInspectionChecklist,
} from '../api/inspection.api';
import './inspections-panel.css';

const when = (ms: number) => dayjs(ms).format(LOG_TIME_FORMAT);

/**
 * The repair centre's inspections (decision 0019, "Inspections"): the rounds due now for the caller,
 * walked through on a phone; for the area's readers the rounds done, and for its editors the
 * checklists.
 */
export function InspectionsPanel() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'events:edit');
  const due = useInspectionsDue();
  const [walking, setWalking] = useState<InspectionDue>();
  const [openRun, setOpenRun] = useState<number>();

  return (
    <div className="atrium-inspections" data-testid="inspections-panel">
      <section>
        <h3>{t('inspection.due.title')}</h3>
        <QueryBody query={due}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState description={t('inspection.due.none')} isCompact />
            ) : (
              <div className="atrium-inspection-due">
                {list.map((entry) => (
                  <Card key={entry.checklist.id} size="small" className="atrium-inspection-card" data-testid={`inspection-due-${entry.checklist.id}`}>
                    <div className="atrium-inspection-card-head">
                      <strong>{entry.checklist.name}</strong>
                      {entry.runId !== null ? (
                        <Tag color="green" icon={<CheckCircleFilled />}>
                          {t('inspection.due.done')}
                        </Tag>
                      ) : (
                        <Tag color="gold">{t('inspection.due.todo')}</Tag>
                      )}
                    </div>
                    <div className="atrium-muted">{entry.checklist.locationName ?? t('inspection.checklists.fields.wholeCompany')}</div>
                    <div className="atrium-muted">{t(`inspection.due.period.${entry.checklist.interval}`, { period: entry.period })}</div>
                    {entry.runId === null ? (
                      <Button type="primary" block onClick={() => setWalking(entry)} data-testid={`inspection-start-${entry.checklist.id}`}>
                        {t('inspection.due.start')}
                      </Button>
                    ) : (
                      <Button block onClick={() => setOpenRun(entry.runId!)} disabled={!hasPermission(user.permissions, 'events:view')}>
                        {t('inspection.due.view')}
                      </Button>
                    )}
                  </Card>
                ))}
              </div>
            )
          }
        </QueryBody>
      </section>
      {hasPermission(user.permissions, 'events:view') ? <RunsSection onOpen={setOpenRun} /> : null}
      {canEdit ? <ChecklistsSection /> : null}
      {walking ? <RoundDrawer due={walking} onClose={() => setWalking(undefined)} /> : null}
      {openRun !== undefined ? <RunDrawer id={openRun} onClose={() => setOpenRun(undefined)} /> : null}
    </div>
  );
}

interface Answer {
  ok?: boolean;
  note: string;
  target?: string;
}

/** Walking a round: each item OK or a problem (with a note, and a desk or room to file a repair report about). */
function RoundDrawer({ due, onClose }: { due: InspectionDue; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const complete = useCompleteInspection();
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [search, setSearch] = useState('');
  const targets = useRepairTargets(useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS), true);
  const items = due.checklist.items;
  const answered = items.every((item) => answers[item.key]?.ok !== undefined);
  const set = (key: string, patch: Partial<Answer>) => setAnswers((current) => ({ ...current, [key]: { note: '', ...current[key], ...patch } }));

  async function submit() {
    try {
      const answer = await complete.mutateAsync({
        checklistId: due.checklist.id,
        results: items.map((item) => {
          const given = answers[item.key]!;
          const [kind, id] = given.target?.split(':') ?? [];
          return { key: item.key, ok: given.ok!, note: given.note.trim() || null, report: !given.ok && kind ? { kind: kind as RepairTarget['kind'], targetId: Number(id) } : null };
        }),
      });
      void message.success(answer.message);
      onClose();
    } catch {
      // The client has shown the server's reason.
    }
  }

  return (
    <Drawer
      open
      title={t('inspection.round.title', { name: due.checklist.name })}
      width={phone ? '100%' : 520}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('inspection.round.cancel')}</Button>
          <Button type="primary" disabled={!answered} loading={complete.isPending} onClick={() => void submit()} data-testid="inspection-submit">
            {t('inspection.round.submit')}
          </Button>
        </Space>
      }
      data-testid="inspection-round"
    >
      <ol className="atrium-inspection-items">
        {items.map((item) => {
          const given = answers[item.key];
          return (
            <li key={item.key} data-testid={`inspection-item-${item.key}`}>
              <p className="atrium-inspection-item-text">{item.text}</p>
              <Segmented<string>
                block
                value={given?.ok === undefined ? '' : given.ok ? 'ok' : 'problem'}
                onChange={(value) => set(item.key, { ok: value === 'ok' })}
                options={[
                  { value: 'ok', label: t('inspection.round.ok') },
                  { value: 'problem', label: t('inspection.round.problem') },
                ]}
                aria-label={item.text}
              />
              {given?.ok === false ? (
                <div className="atrium-inspection-finding">
                  <Input.TextArea
                    value={given.note}
                    onChange={(event) => set(item.key, { note: event.target.value })}
                    placeholder={t('inspection.round.note')}
                    aria-label={t('inspection.round.note')}
                    autoSize={{ minRows: 2, maxRows: 4 }}
                    maxLength={INSPECTION_ITEM_MAX * 5}
                    data-testid={`inspection-note-${item.key}`}
                  />
                  <Select
                    allowClear
                    showSearch
                    filterOption={false}
                    onSearch={setSearch}
                    value={given.target}
                    onChange={(value: string | undefined) => set(item.key, { target: value })}
                    placeholder={t('inspection.round.reportPlaceholder')}
                    aria-label={t('inspection.round.reportAbout')}
                    options={(targets.data ?? []).map((option) => ({ value: `${option.kind}:${option.id}`, label: `${t(`repair.kinds.${option.kind}`)} ${option.name} · ${option.place}` }))}
                    data-testid={`inspection-target-${item.key}`}
                  />
                  <span className="atrium-muted">{t('inspection.round.reportAbout')}</span>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {!answered ? <p className="atrium-muted">{t('inspection.round.answerAll')}</p> : null}
    </Drawer>
  );
}

/** A recorded round: each item's result and the repair report it filed. */
function RunDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 640px)');
  const run = useInspectionRun(id);
  return (
    <Drawer open width={phone ? '100%' : 520} title={run.data?.checklistName ?? ''} onClose={onClose} destroyOnHidden data-testid="inspection-run">
      <QueryBody query={run}>
        {(round) => (
          <>
            <p className="atrium-muted">
              {round.period} · {round.completedByName ?? '—'} · {when(round.completedAt)}
            </p>
            <RunResult run={round} />
            <ol className="atrium-inspection-items">
              {round.items.map((item) => (
                <li key={item.key}>
                  <p className="atrium-inspection-item-text">
                    <Tag color={item.ok ? 'green' : 'red'}>{item.ok ? t('inspection.round.ok') : t('inspection.round.problem')}</Tag>
                    {item.text}
                  </p>
                  {item.note ? <p className="atrium-inspection-note">{item.note}</p> : null}
                  {item.repairReportId !== null ? <Tag color="volcano">{t('inspection.round.repair', { id: item.repairReportId })}</Tag> : null}
                </li>
              ))}
            </ol>
          </>
        )}
      </QueryBody>
    </Drawer>
  );
}

function RunResult({ run }: { run: Pick<InspectionRun, 'passed' | 'failed'> }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Tag color="green">{t('inspection.runs.passed', { count: run.passed })}</Tag>
      {run.failed > 0 ? <Tag color="red">{t('inspection.runs.failed', { count: run.failed })}</Tag> : null}
    </Space>
  );
}

function RunsSection({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const paging = usePagination({});
  const runs = useInspectionRuns(paging.request, true);
  const columns: ColumnsType<InspectionRun> = [
    {
      key: 'checklist',
      title: t('inspection.runs.fields.checklist'),
      render: (_, run) => (
        <Button type="link" className="atrium-repair-title" onClick={() => onOpen(run.id)} data-testid={`inspection-run-${run.id}`}>
          {run.checklistName}
        </Button>
      ),
    },
    { key: 'period', title: t('inspection.runs.fields.period'), dataIndex: 'period' },
    { key: 'by', title: t('inspection.runs.fields.by'), render: (_, run) => run.completedByName ?? '—' },
    { key: 'at', title: t('inspection.runs.fields.at'), render: (_, run) => <span className="atrium-nowrap">{when(run.completedAt)}</span> },
    { key: 'result', title: t('inspection.runs.fields.result'), render: (_, run) => <RunResult run={run} /> },
  ];
  return (
    <section>
      <h3>{t('inspection.runs.title')}</h3>
      <DataTable<InspectionRun>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={runs.data?.list ?? []}
        loading={runs.isFetching}
        pagination={paging.tablePagination(runs.data?.total ?? 0)}
        onChange={paging.onTableChange}
        locale={tableEmpty(t('inspection.runs.empty'))}
        data-testid="inspection-runs"
      />
    </section>
  );
}

function ChecklistsSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const checklists = useInspectionChecklists(true);
  const remove = useDeleteInspectionChecklist();
  const [editing, setEditing] = useState<InspectionChecklist | 'new'>();
  const columns: ColumnsType<InspectionChecklist> = [
    {
      key: 'name',
      title: t('inspection.checklists.fields.name'),
      render: (_, list) => (
        <Space size={4} wrap>
          <strong>{list.name}</strong>
          {!list.isActive ? <Tag>{t('inspection.checklists.inactive')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'interval', title: t('inspection.checklists.fields.interval'), render: (_, list) => t(`inspection.intervals.${list.interval}`) },
    { key: 'area', title: t('inspection.checklists.fields.area'), render: (_, list) => list.locationName ?? t('inspection.checklists.fields.wholeCompany') },
    { key: 'assignees', title: t('inspection.checklists.fields.assignees'), render: (_, list) => list.assignees.map((person) => person.name).join(', ') || '—' },
    { key: 'items', title: t('inspection.checklists.fields.items'), render: (_, list) => list.items.length },
    {
      key: 'actions',
      title: '',
      render: (_, list) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(list)} aria-label={`${t('inspection.checklists.edit')} ${list.name}`} data-testid={`inspection-edit-${list.id}`} />
          <Popconfirm
            title={t('inspection.checklists.deleteConfirm', { name: list.name })}
            okText={t('inspection.checklists.delete')}
            cancelText={t('inspection.checklists.keep')}
            onConfirm={async () => {
              try {
                await remove.mutateAsync(list.id);
                void message.success(t('inspection.checklists.delete'));
              } catch {
                // The client has shown the server's reason.
              }
            }}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('inspection.checklists.delete')} ${list.name}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <section>
      <div className="atrium-inspection-section-head">
        <h3>{t('inspection.checklists.title')}</h3>
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="inspection-checklist-add">
          {t('inspection.checklists.add')}
        </Button>
      </div>
      <DataTable<InspectionChecklist>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={checklists.data ?? []}
        loading={checklists.isFetching}
        pagination={false}
        locale={tableEmpty(t('inspection.checklists.empty'))}
        data-testid="inspection-checklists"
      />
      {editing ? <ChecklistDialog checklist={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} /> : null}
    </section>
  );
}

interface ChecklistValues {
  name: string;
  interval: InspectionInterval;
  locationId: number | null;
  assigneeIds: number[];
  items: Array<{ key?: string; text: string }>;
  isActive: boolean;
}

/** A key for a new item, unique among `taken` (results name items by their key). */
function newKey(taken: Set<string>): string {
  for (let n = 1; ; n++) if (!taken.has(`i${n}`)) return `i${n}`;
}

function ChecklistDialog({ checklist, onClose }: { checklist?: InspectionChecklist; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChecklistValues>();
  const areas = useInspectionAreas(true);
  const [search, setSearch] = useState('');
  const people = useInspectorCandidates(useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS), true);
  const save = useSaveInspectionChecklist();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const known = new Map([...(checklist?.assignees ?? []).map((person) => [person.id, person.name] as const), ...(people.data ?? []).map((person) => [person.id, person.fullName] as const)]);

  async function submit(values: ChecklistValues) {
    const taken = new Set(values.items.flatMap((item) => (item.key ? [item.key] : [])));
    const items = values.items.map((item) => {
      const key = item.key ?? newKey(taken);
      taken.add(key);
      return { key, text: item.text };
    });
    try {
      await save.mutateAsync({ ...(checklist ? { id: checklist.id } : {}), ...values, locationId: values.locationId ?? null, items });
      void message.success(t('inspection.checklists.save'));
      onClose();
    } catch {
      // The client has shown the server's reason.
    }
  }

  return (
    <Modal
      open
      title={checklist ? checklist.name : t('inspection.checklists.add')}
      okText={t('inspection.checklists.save')}
      cancelText={t('inspection.checklists.cancel')}
      onOk={() => form.submit()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'inspection-checklist-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form<ChecklistValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        onValuesChange={dirty.onValuesChange}
        initialValues={{
          name: checklist?.name ?? '',
          interval: checklist?.interval ?? 'daily',
          locationId: checklist?.locationId ?? null,
          assigneeIds: checklist?.assignees.map((person) => person.id) ?? [],
          items: checklist?.items ?? [{ text: '' }],
          isActive: checklist?.isActive ?? true,
        }}
      >
        <Form.Item name="name" label={t('inspection.checklists.fields.name')} rules={[{ required: true, whitespace: true, message: t('inspection.checklists.rules.name') }]}>
          <Input maxLength={INSPECTION_NAME_MAX} data-testid="inspection-checklist-name" />
        </Form.Item>
        <Space wrap className="atrium-inspection-row">
          <Form.Item name="interval" label={t('inspection.checklists.fields.interval')}>
            <Select<InspectionInterval> style={{ minWidth: 140 }} options={INSPECTION_INTERVALS.map((value) => ({ value, label: t(`inspection.intervals.${value}`) }))} />
          </Form.Item>
          <Form.Item name="isActive" label={t('inspection.checklists.fields.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="locationId" label={t('inspection.checklists.fields.area')}>
          <Select<number | null>
            options={[{ value: null, label: t('inspection.checklists.fields.wholeCompany') }, ...(areas.data ?? []).map((area) => ({ value: area.id, label: area.name }))]}
            data-testid="inspection-checklist-area"
          />
        </Form.Item>
        <Form.Item name="assigneeIds" label={t('inspection.checklists.fields.assignees')}>
          <Select<number[]>
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            options={[...known].map(([value, label]) => ({ value, label }))}
            data-testid="inspection-checklist-assignees"
          />
        </Form.Item>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <div className="atrium-inspection-item-list">
              <span>{t('inspection.checklists.fields.items')}</span>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" className="atrium-inspection-item-row">
                  <Form.Item name={[field.name, 'key']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[field.name, 'text']} rules={[{ required: true, whitespace: true, message: t('inspection.checklists.rules.item') }]}>
                    <Input maxLength={INSPECTION_ITEM_MAX} placeholder={t('inspection.checklists.fields.item', { n: index + 1 })} aria-label={t('inspection.checklists.fields.item', { n: index + 1 })} data-testid={`inspection-checklist-item-${index}`} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} disabled={fields.length === 1} onClick={() => remove(field.name)} aria-label={t('inspection.checklists.removeItem', { n: index + 1 })} />
                </Space>
              ))}
              {fields.length < INSPECTION_ITEMS_MAX ? (
                <Button icon={<PlusOutlined />} onClick={() => add({ text: '' })} data-testid="inspection-checklist-add-item">
                  {t('inspection.checklists.addItem')}
                </Button>
              ) : null}
            </div>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
