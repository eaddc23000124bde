import { AuditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { fromZoned, VISIT_COMPANIONS_MAX, VISIT_INVITE_VISITS_MAX, VISIT_NOTE_MAX, VISITOR_TYPES, type InviteVisitBody, type Visit, type VisitorType } from '@atrium/contract';
import { Alert, App, Badge, Button, DatePicker, Form, Input, Modal, Popconfirm, Radio, Select, Space } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { useSession } from '../../../shared/session/session-context';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { zoneName } from '../../../shared/time-zone/zone-text';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCancelVisit, useInviteVisit, useMyVisits, usePendingApplicationCount, useVisitHosts, useVisitLocations, useVisitReasons } from '../api/visitor.api';
import { InviteRepeatFields, repeatOf, type RepeatValues } from '../components/invite-repeat-fields';
import { ContactFields, InvitedVisitorFields, MoreVisitorsList, type ContactValues, type InvitedVisitorValues } from '../components/invite-visitor-fields';
import { VISIT_TIME_FORMAT, VisitorCell, VisitStateTags, VisitTimeCell } from '../components/visit-parts';
import './invite-page.css';

/** Visits that have not begun can still be cancelled. */
const CANCELLABLE = new Set<Visit['status']>(['notResponded', 'responded']);

/** /guider-invite: the visits the caller hosts or invited, and the invitation form. */
export function InvitePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [inviting, setInviting] = useState(false);
  const paging = usePagination({});
  const visits = useMyVisits(paging.request);
  const cancel = useCancelVisit();

  async function cancelVisit(visit: Visit) {
    try {
      await cancel.mutateAsync(visit.id);
      void message.success(t('visitor.invite.visitCancelled'));
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  const columns: ColumnsType<Visit> = [
    { key: 'visitor', title: t('visitor.fields.visitor'), render: (_, visit) => <VisitorCell visit={visit} /> },
    { key: 'visitAt', title: t('visitor.fields.visitAt'), render: (_, visit) => <VisitTimeCell visit={visit} /> },
    { key: 'location', title: t('visitor.fields.location'), render: (_, visit) => <TruncatedText text={visit.location?.name ?? '—'} /> },
    { key: 'reason', title: t('visitor.fields.reason'), render: (_, visit) => <TruncatedText text={visit.reason} /> },
    { key: 'host', title: t('visitor.fields.host'), render: (_, visit) => <TruncatedText text={visit.host?.name ?? '—'} /> },
    { key: 'status', title: t('visitor.fields.status'), render: (_, visit) => <VisitStateTags visit={visit} /> },
    {
      key: 'actions',
      title: t('visitor.fields.actions'),
      render: (_, visit) =>
        CANCELLABLE.has(visit.status) ? (
          <Popconfirm
            title={t('visitor.invite.cancelConfirm', { name: visit.visitorName })}
            okText={t('visitor.invite.cancelVisit')}
            cancelText={t('visitor.invite.keepVisit')}
            okButtonProps={{ danger: true, 'data-testid': 'visit-cancel-confirm' } as ButtonProps}
            onConfirm={() => cancelVisit(visit)}
          >
            <Button size="small" data-testid={`visit-cancel-${visit.id}`}>
              {t('visitor.invite.cancelVisit')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <div className="atrium-page" data-testid="page-visitor-invite">
      <PageHeader
        title={t('visitor.invite.title')}
        subtitle={t('visitor.invite.subtitle')}
        extra={
          <Space wrap>
            <ApplicationsButton />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setInviting(true)} data-testid="visit-invite">
              {t('visitor.invite.new')}
            </Button>
          </Space>
        }
      />
      <DataTable<Visit>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={visits.data?.list ?? []}
        loading={visits.isFetching}
        pagination={paging.tablePagination(visits.data?.total ?? 0)}
        onChange={paging.onTableChange}
        onRow={(visit) => ({ 'data-testid': `invitation-row-${visit.id}` }) as object}
        locale={tableEmpty(t('visitor.invite.empty'))}
        data-testid="invitation-table"
      />
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
    </div>
  );
}

/** To the applications page, with how many walk-ins wait for the caller's decision. */
function ApplicationsButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = usePendingApplicationCount() ?? 0;
  return (
    <Badge count={pending} overflowCount={99} title={t('visitor.apply.pendingCount', { count: pending })} data-testid="visit-applications-count">
      <Button icon={<AuditOutlined />} onClick={() => void navigate('/guider-apply')} data-testid="visit-applications">
        {t('visitor.apply.open')}
      </Button>
    </Badge>
  );
}

interface InviteValues extends InvitedVisitorValues, RepeatValues {
  type: VisitorType;
  companions?: ContactValues[];
  moreVisitors?: InvitedVisitorValues[];
  reasonId?: number;
  hostId?: number;
  locationId?: number;
  visitAt?: Dayjs;
  expectedEndAt?: Dayjs;
  note?: string;
}

/** The next full hour, when a visit most often starts. */
const nextHour = () => dayjs().add(1, 'hour').startOf('hour');

/** The visits one invitation makes: one per visitor (a group is one, companions and all), times its repeats. */
function visitCount(values: Partial<InviteValues>) {
  const visitors = values.type === 'group' ? 1 : 1 + (values.moreVisitors?.length ?? 0);
  const times = values.repeatEvery && values.repeatEvery !== 'none' && Number.isInteger(values.repeatCount) ? values.repeatCount! : 1;
  return { visitors, times, visits: visitors * times };
}

/** The invitation: who comes (and their companions for a group), why, to whom, where and when. */
function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const phone = useMediaQuery('(max-width: 640px)');
  const [form] = Form.useForm<InviteValues>();
  const [hostSearch, setHostSearch] = useState('');
  const hosts = useVisitHosts(useDebouncedValue(hostSearch.trim(), 300));
  const reasons = useVisitReasons();
  const locations = useVisitLocations();
  const invite = useInviteVisit();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const type = Form.useWatch('type', form);
  // The server refuses more than VISIT_INVITE_VISITS_MAX visits in all: say so before sending.
  const moreVisitors = Form.useWatch('moreVisitors', form);
  const repeatEvery = Form.useWatch('repeatEvery', form);
  const repeatCount = Form.useWatch('repeatCount', form);
  const count = visitCount({ type, moreVisitors, repeatEvery, repeatCount });
  const isTooMany = count.visits > VISIT_INVITE_VISITS_MAX;
  const locationId = Form.useWatch('locationId', form);
  const viewerZone = useViewerZone();
  // Times are entered as the location's clock shows them (its building's zone), else the viewer's.
  const placeZone = locations.data?.find((place) => place.id === locationId)?.timeZone;
  const zone = placeZone ?? viewerZone;
  const instant = (value: Dayjs) => fromZoned(value.format('YYYY-MM-DD'), value.format('HH:mm'), zone);
  const start = nextHour();

  const hostOptions = [
    ...(hosts.data?.some((person) => person.id === user.id) || hostSearch ? [] : [{ value: user.id, label: user.fullName }]),
    ...(hosts.data ?? []).map((person) => ({ value: person.id, label: person.email ? `${person.fullName} <${person.email}>` : person.fullName })),
  ];

  async function save() {
    let values: InviteValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    if (visitCount(values).visits > VISIT_INVITE_VISITS_MAX) return; // The form says there are too many.
    const contact = (person: ContactValues) => ({ name: person.name!.trim(), email: person.email?.trim() || null, phone: person.phone?.trim() || null });
    const invited = (person: InvitedVisitorValues) => ({ ...contact(person), company: person.company?.trim() || null, isVip: Boolean(person.isVip) });
    const body: InviteVisitBody = {
      visitor: invited(values),
      type: values.type,
      companions: values.type === 'group' ? (values.companions ?? []).map(contact) : [],
      // A group has companions instead; the server refuses further visitors for it.
      moreVisitors: values.type === 'group' ? [] : (values.moreVisitors ?? []).map(invited),
      repeat: repeatOf(values),
      reasonId: values.reasonId!,
      hostId: values.hostId!,
      locationId: values.locationId!,
      visitAt: instant(values.visitAt!),
      expectedEndAt: instant(values.expectedEndAt!),
      note: values.note?.trim() || null,
    };
    try {
      await invite.mutateAsync(body);
      void message.success(t('visitor.invite.invited', { name: body.visitor.name }));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  return (
    <Modal
      open
      title={t('visitor.invite.dialogTitle')}
      width={phone ? '100%' : 640}
      okText={t('visitor.invite.send')}
      cancelText={t('visitor.invite.cancel')}
      onOk={() => void save()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={invite.isPending}
      okButtonProps={{ 'data-testid': 'visit-invite-send' } as ButtonProps}
    >
      {reasons.data && reasons.data.length === 0 ? <Alert type="warning" showIcon message={t('visitor.invite.noReasons')} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark
        onValuesChange={dirty.onValuesChange}
        initialValues={{ type: 'individual', hostId: user.id, visitAt: start, expectedEndAt: start.add(1, 'hour'), companions: [], moreVisitors: [], repeatEvery: 'none' }}
      >
        <Form.Item name="type" label={t('visitor.fields.type')}>
          <Radio.Group optionType="button" options={VISITOR_TYPES.map((value) => ({ value, label: t(`visitor.types.${value}`) }))} data-testid="visit-type" />
        </Form.Item>
        <InvitedVisitorFields form={form} prefix={[]} testId="visitor" />
        {type === 'group' ? (
          <Form.List name="companions">
            {(fields, { add, remove }) => (
              <fieldset className="atrium-visit-people">
                <legend>{t('visitor.fields.companions')}</legend>
                <p className="atrium-muted">{t('visitor.invite.companionsHelp', { max: VISIT_COMPANIONS_MAX })}</p>
                {fields.map((field, index) => (
                  <div key={field.key} data-testid={`companion-${index}`}>
                    <Space align="baseline">
                      <strong>{t('visitor.invite.companion', { n: index + 1 })}</strong>
                      <Button type="text" size="small" icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} aria-label={t('visitor.invite.removeCompanion', { n: index + 1 })} />
                    </Space>
                    <ContactFields form={form} prefix={['companions', field.name]} testId={`companion-${index}`} />
                  </div>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= VISIT_COMPANIONS_MAX} data-testid="companion-add">
                  {t('visitor.invite.addCompanion')}
                </Button>
              </fieldset>
            )}
          </Form.List>
        ) : (
          <MoreVisitorsList form={form} />
        )}
        <Form.Item name="reasonId" label={t('visitor.fields.reason')} rules={[{ required: true, message: t('visitor.rules.reason') }]}>
          <Select
            placeholder={t('visitor.invite.reasonPlaceholder')}
            options={(reasons.data ?? []).map((reason) => ({ value: reason.id, label: reason.name }))}
            loading={reasons.isFetching}
            data-testid="visit-reason"
          />
        </Form.Item>
        <div className="atrium-visit-row">
          <Form.Item name="hostId" label={t('visitor.fields.host')}  rules={[{ required: true, message: t('visitor.rules.host') }]}>
            <Select showSearch filterOption={false} onSearch={setHostSearch} placeholder={t('visitor.invite.hostPlaceholder')} options={hostOptions} loading={hosts.isFetching} data-testid="visit-host" />
          </Form.Item>
          <Form.Item name="locationId" label={t('visitor.fields.location')}  rules={[{ required: true, message: t('visitor.rules.location') }]}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={t('visitor.invite.locationPlaceholder')}
              options={(locations.data ?? []).map((place) => ({ value: place.id, label: place.buildingName ? `${place.buildingName} / ${place.name}` : place.name }))}
              loading={locations.isFetching}
              data-testid="visit-location"
            />
          </Form.Item>
        </div>
        <div className="atrium-visit-row">
          <Form.Item name="visitAt" label={t('visitor.fields.visitAt')} extra={t(placeZone ? 'visitor.invite.zoneHint' : 'visitor.invite.viewerZoneHint', { zone: zoneName(zone, t) })} rules={[{ required: true, message: t('visitor.rules.visitAt') }]}>
            <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format={VISIT_TIME_FORMAT} style={{ width: '100%' }} disabledDate={(day) => day.isBefore(dayjs(), 'day')} data-testid="visit-at" />
          </Form.Item>
          <Form.Item
            name="expectedEndAt"
            label={t('visitor.fields.expectedEndAt')}
            
            dependencies={['visitAt']}
            rules={[
              { required: true, message: t('visitor.rules.expectedEndAt') },
              {
                validator: (_, value: Dayjs | undefined) => {
                  const visitAt = form.getFieldValue('visitAt') as Dayjs | undefined;
                  return !value || !visitAt || value.isAfter(visitAt) ? Promise.resolve() : Promise.reject(new Error(t('visitor.rules.endAfterStart')));
                },
              },
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format={VISIT_TIME_FORMAT} style={{ width: '100%' }} disabledDate={(day) => day.isBefore(dayjs(), 'day')} data-testid="visit-end" />
          </Form.Item>
        </div>
        <InviteRepeatFields form={form} />
        {isTooMany ? (
          <Alert
            type="error"
            showIcon
            title={t('visitor.invite.tooManyVisits', { visits: count.visits, visitors: count.visitors, times: count.times, max: VISIT_INVITE_VISITS_MAX })}
            style={{ marginBottom: 16 }}
            data-testid="visit-invite-too-many"
          />
        ) : null}
        <Form.Item name="note" label={t('visitor.fields.note')}>
          <Input.TextArea rows={2} maxLength={VISIT_NOTE_MAX} showCount data-testid="visit-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
