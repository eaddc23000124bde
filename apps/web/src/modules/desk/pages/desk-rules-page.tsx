import { hasPermission, minutesOf, timeOfMinutes, type DeskRules } from '@atrium/contract';
import { Alert, App, Button, Card, Form, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useSession } from '../../../shared/session/session-context';
import { NumberInput } from '../../../shared/ui/number-input';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryBody } from '../../../shared/ui/query-body';
import { useDeskRules, useSaveDeskRules } from '../api/desk.api';
import './desk-rules-page.css';

const QUARTERS = Array.from({ length: 96 }, (_, index) => timeOfMinutes(index * 15));
const ENDS = [...QUARTERS.slice(1), '24:00'];
/** The longest booking by hours, offered in hours. */
const LONGEST_HOURS = [1, 2, 3, 4, 5, 6, 8, 10, 12, 24];
const clockMinutes = (time: string) => (time === '24:00' ? 1440 : minutesOf(time));

interface FormValues {
  maxDaysAhead: number | null;
  limitWeek: boolean;
  maxDaysPerWeek: number | null;
  longestBookingMinutes: number;
  dayStart: string;
  midday: string;
  dayEnd: string;
  askCheckIn: boolean;
  checkInGraceMinutes: number | null;
  oneDeskPerPerson: boolean;
}

const toValues = (rules: DeskRules): FormValues => ({
  ...rules,
  limitWeek: rules.maxDaysPerWeek !== null,
  maxDaysPerWeek: rules.maxDaysPerWeek ?? 3,
  askCheckIn: rules.checkInGraceMinutes !== null,
  checkInGraceMinutes: rules.checkInGraceMinutes ?? 30,
});

const toBody = (values: FormValues): DeskRules => ({
  maxDaysAhead: values.maxDaysAhead ?? 0,
  maxDaysPerWeek: values.limitWeek ? (values.maxDaysPerWeek ?? 1) : null,
  longestBookingMinutes: values.longestBookingMinutes,
  dayStart: values.dayStart,
  midday: values.midday,
  dayEnd: values.dayEnd,
  checkInGraceMinutes: values.askCheckIn ? (values.checkInGraceMinutes ?? 30) : null,
  oneDeskPerPerson: values.oneDeskPerPerson,
});

/** /deskeeper-strategy: the company's desk booking rules (the settings area; edit to change; decision 0019). */
export function DeskRulesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const rules = useDeskRules();
  return (
    <div className="atrium-page" data-testid="page-desk-rules">
      <PageHeader title={t('desk.strategy.title')} subtitle={t('desk.strategy.subtitle')} />
      <QueryBody query={rules}>{(data) => <RulesForm rules={data} canEdit={hasPermission(user.permissions, 'globalSettings:edit')} />}</QueryBody>
    </div>
  );
}

/** The rules as a form; its tab asks before unsaved changes go. */
function RulesForm({ rules, canEdit }: { rules: DeskRules; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveDeskRules();
  const [form] = Form.useForm<FormValues>();
  const initialValues = toValues(rules);
  const limitWeek = Form.useWatch('limitWeek', form) ?? initialValues.limitWeek;
  const askCheckIn = Form.useWatch('askCheckIn', form) ?? initialValues.askCheckIn;
  const dirty = useFormDirty(form, { initialValues });
  useUnsavedChanges(dirty.isDirty);
  const later = (field: keyof FormValues, messageKey: string) => ({ getFieldValue }: { getFieldValue: (name: keyof FormValues) => unknown }) => ({
    validator: (_: unknown, value: string) => (clockMinutes(value) > clockMinutes(getFieldValue(field) as string) ? Promise.resolve() : Promise.reject(new Error(t(messageKey)))),
  });

  const submit = (values: FormValues) => {
    save.mutate(toBody(values), {
      onSuccess: (saved) => {
        void message.success(t('desk.strategy.saved'));
        form.setFieldsValue(toValues(saved));
        dirty.markClean();
      },
    });
  };

  return (
    <Form<FormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} onValuesChange={dirty.onValuesChange} disabled={!canEdit || save.isPending} className="atrium-desk-rules">
      {save.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={save.error.message} /> : null}
      <Card className="atrium-card" title={t('desk.strategy.window')}>
        <Form.Item
          name="maxDaysAhead"
          label={t('desk.strategy.maxDaysAhead')}
          extra={t('desk.strategy.maxDaysAheadHelp')}
          rules={[{ required: true, type: 'number', min: 0, max: 365, message: t('desk.strategy.range', { min: 0, max: 365 }) }]}
        >
          <NumberInput min={0} max={365} suffix={t('desk.strategy.days')} style={{ width: 160 }} data-testid="desk-rules-ahead" />
        </Form.Item>
        <Form.Item name="limitWeek" label={t('desk.strategy.limitWeek')} valuePropName="checked">
          <Switch data-testid="desk-rules-limit-week" />
        </Form.Item>
        {limitWeek ? (
          <Form.Item name="maxDaysPerWeek" label={t('desk.strategy.maxDaysPerWeek')} rules={[{ required: true, type: 'number', min: 1, max: 7, message: t('desk.strategy.range', { min: 1, max: 7 }) }]}>
            <NumberInput min={1} max={7} suffix={t('desk.strategy.daysAWeek')} style={{ width: 160 }} data-testid="desk-rules-week" />
          </Form.Item>
        ) : null}
        <Form.Item name="oneDeskPerPerson" label={t('desk.strategy.oneDeskPerPerson')} extra={t('desk.strategy.oneDeskPerPersonHelp')} valuePropName="checked">
          <Switch data-testid="desk-rules-one-desk" />
        </Form.Item>
      </Card>
      <Card className="atrium-card" title={t('desk.strategy.day')}>
        <p className="atrium-muted atrium-card-intro">{t('desk.strategy.dayHelp')}</p>
        <Space wrap align="start">
          <Form.Item name="dayStart" label={t('desk.strategy.dayStart')}>
            <Select showSearch style={{ width: 110 }} options={QUARTERS.map((time) => ({ value: time, label: time }))} data-testid="desk-rules-day-start" />
          </Form.Item>
          <Form.Item name="midday" label={t('desk.strategy.midday')} dependencies={['dayStart']} rules={[later('dayStart', 'desk.strategy.middayAfterStart')]}>
            <Select showSearch style={{ width: 110 }} options={QUARTERS.map((time) => ({ value: time, label: time }))} data-testid="desk-rules-midday" />
          </Form.Item>
          <Form.Item name="dayEnd" label={t('desk.strategy.dayEnd')} dependencies={['midday']} rules={[later('midday', 'desk.strategy.endAfterMidday')]}>
            <Select showSearch style={{ width: 110 }} options={ENDS.map((time) => ({ value: time, label: time }))} data-testid="desk-rules-day-end" />
          </Form.Item>
        </Space>
        <Form.Item name="longestBookingMinutes" label={t('desk.strategy.longest')}>
          <Select style={{ width: 160 }} options={LONGEST_HOURS.map((hours) => ({ value: hours * 60, label: t('desk.strategy.hours', { count: hours }) }))} data-testid="desk-rules-longest" />
        </Form.Item>
      </Card>
      <Card className="atrium-card" title={t('desk.strategy.checkIn')}>
        <Form.Item name="askCheckIn" label={t('desk.strategy.askCheckIn')} extra={t('desk.strategy.askCheckInHelp')} valuePropName="checked">
          <Switch data-testid="desk-rules-ask-check-in" />
        </Form.Item>
        {askCheckIn ? (
          <Form.Item name="checkInGraceMinutes" label={t('desk.strategy.grace')} rules={[{ required: true, type: 'number', min: 5, max: 240, message: t('desk.strategy.range', { min: 5, max: 240 }) }]}>
            <NumberInput min={5} max={240} suffix={t('desk.strategy.minutes')} style={{ width: 160 }} data-testid="desk-rules-grace" />
          </Form.Item>
        ) : null}
      </Card>
      <div className="atrium-desk-rules-footer">
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="desk-rules-save">
            {t('desk.strategy.save')}
          </Button>
        ) : (
          <span className="atrium-muted">{t('desk.strategy.readOnly')}</span>
        )}
      </div>
    </Form>
  );
}
