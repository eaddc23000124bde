import {
  BOOK_AHEAD_MAX_DAYS,
  boundMinutes,
  hasPermission,
  LOG_TIME_FORMAT,
  MEETING_MAX_MINUTES,
  SERIES_NO_SHOW_LIMIT_MAX,
  timeOfMinutes,
  type BookingPreferences,
  type BookingPreferencesAnswer,
  type ReservationPrivacy,
} from '@atrium/contract';
import { Alert, App, Button, Card, Checkbox, Form, Radio, Select, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useBookingPreferences, useSaveBookingPreferences } from '../../../shared/booking-preferences/booking-preferences.api';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryBody } from '../../../shared/ui/query-body';
import './booking-preferences-page.css';
import { NumberInput } from '../../../shared/ui/number-input';

/** Monday first, as calendars in both languages show the week. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
/** The lengths offered for the longest meeting (a saved value off this list is offered too). */
const LENGTHS = [30, 60, 90, 120, 180, 240, 360, 480, 720, MEETING_MAX_MINUTES];
const QUARTERS = Array.from({ length: 96 }, (_, index) => timeOfMinutes(index * 15));
const DAY_STARTS = QUARTERS;
const DAY_ENDS = [...QUARTERS.slice(1), '24:00'];

interface FormValues {
  bookAheadDays: number | null;
  maxMeetingMinutes: number;
  bookableWeekdays: number[];
  limitHours: boolean;
  dayStart: string;
  dayEnd: string;
  releaseNoShows: boolean;
  seriesNoShowLimit: number | null;
  defaultPrivacy: ReservationPrivacy;
}

const toValues = (rules: BookingPreferences): FormValues => ({
  bookAheadDays: rules.bookAheadDays,
  maxMeetingMinutes: rules.maxMeetingMinutes,
  bookableWeekdays: rules.bookableWeekdays,
  limitHours: rules.bookableHours !== null,
  dayStart: rules.bookableHours?.start ?? '08:00',
  dayEnd: rules.bookableHours?.end ?? '18:00',
  releaseNoShows: rules.releaseNoShows,
  seriesNoShowLimit: rules.seriesNoShowLimit,
  defaultPrivacy: rules.defaultPrivacy,
});

const toBody = (values: FormValues): BookingPreferences => ({
  bookAheadDays: values.bookAheadDays ?? 1,
  maxMeetingMinutes: values.maxMeetingMinutes,
  bookableWeekdays: values.bookableWeekdays,
  bookableHours: values.limitHours ? { start: values.dayStart, end: values.dayEnd } : null,
  releaseNoShows: values.releaseNoShows,
  seriesNoShowLimit: values.seriesNoShowLimit ?? 0,
  defaultPrivacy: values.defaultPrivacy,
});

/** /booker-preferences: the company's booking rules (area reservationScreens; edit to change). */
export function BookingPreferencesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'reservationScreens:edit');
  const rules = useBookingPreferences();

  return (
    <div className="atrium-page" data-testid="page-booker-preferences">
      <PageHeader title={t('booking-preferences.title')} subtitle={t('booking-preferences.subtitle')} />
      <QueryBody query={rules}>{(data) => <PreferencesForm rules={data} canEdit={canEdit} />}</QueryBody>
    </div>
  );
}

/** The rules as a form; its tab asks before unsaved changes go. */
function PreferencesForm({ rules, canEdit }: { rules: BookingPreferencesAnswer; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveBookingPreferences();
  const [form] = Form.useForm<FormValues>();
  const limitHours = Form.useWatch('limitHours', form) ?? rules.bookableHours !== null;
  const initialValues = toValues(rules);
  const dirty = useFormDirty(form, { initialValues });
  useUnsavedChanges(dirty.isDirty);

  const duration = (minutes: number) => {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) return t('booking-preferences.minutes', { count: rest });
    return rest === 0 ? t('booking-preferences.hours', { count: hours }) : t('booking-preferences.hoursMinutes', { hours, minutes: rest });
  };
  const lengths = LENGTHS.includes(rules.maxMeetingMinutes) ? LENGTHS : [...LENGTHS, rules.maxMeetingMinutes].sort((a, b) => a - b);

  const submit = (values: FormValues) => {
    save.mutate(toBody(values), {
      onSuccess: (saved) => {
        void message.success(t('booking-preferences.saved'));
        form.setFieldsValue(toValues(saved));
        dirty.markClean();
      },
    });
  };

  return (
    <Form<FormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} onValuesChange={dirty.onValuesChange} disabled={!canEdit || save.isPending} className="atrium-booker-preferences">
      {save.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={save.error.message} /> : null}
      <div className="atrium-preferences-grid">
        <Card className="atrium-card" title={t('booking-preferences.window.title')} data-testid="preferences-window">
          <p className="atrium-muted atrium-card-intro">{t('booking-preferences.window.hint')}</p>
          <Form.Item
            name="bookAheadDays"
            label={t('booking-preferences.window.bookAhead')}
            rules={[
              { required: true, message: t('booking-preferences.window.bookAheadRequired') },
              { type: 'number', min: 1, max: BOOK_AHEAD_MAX_DAYS, message: t('booking-preferences.window.bookAheadRange', { max: BOOK_AHEAD_MAX_DAYS }) },
            ]}
          >
            <NumberInput min={1} max={BOOK_AHEAD_MAX_DAYS} suffix={t('booking-preferences.days')} style={{ width: 160 }} data-testid="preferences-book-ahead" />
          </Form.Item>
          <Form.Item name="maxMeetingMinutes" label={t('booking-preferences.window.longest')}>
            <Select style={{ maxWidth: 220 }} options={lengths.map((minutes) => ({ value: minutes, label: duration(minutes) }))} data-testid="preferences-longest" />
          </Form.Item>
        </Card>

        <Card className="atrium-card" title={t('booking-preferences.hours.title')} data-testid="preferences-hours">
          <p className="atrium-muted atrium-card-intro">{t('booking-preferences.hours.hint')}</p>
          <Form.Item
            name="bookableWeekdays"
            label={t('booking-preferences.hours.days')}
            rules={[{ type: 'array', min: 1, message: t('booking-preferences.hours.daysRequired') }]}
          >
            <Checkbox.Group className="atrium-preferences-days" options={WEEK.map((day) => ({ value: day, label: t(`booking.weekday.${day}`) }))} data-testid="preferences-days" />
          </Form.Item>
          <Form.Item name="limitHours" label={t('booking-preferences.hours.limit')} valuePropName="checked">
            <Switch data-testid="preferences-limit-hours" />
          </Form.Item>
          {limitHours ? (
            <Space wrap align="start">
              <Form.Item name="dayStart" label={t('booking-preferences.hours.from')}>
                <Select showSearch style={{ width: 110 }} options={DAY_STARTS.map((time) => ({ value: time, label: time }))} data-testid="preferences-day-start" />
              </Form.Item>
              <Form.Item
                name="dayEnd"
                label={t('booking-preferences.hours.until')}
                dependencies={['dayStart']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, end: string) =>
                      boundMinutes(end) > boundMinutes(getFieldValue('dayStart') as string) ? Promise.resolve() : Promise.reject(new Error(t('booking-preferences.hours.endAfterStart'))),
                  }),
                ]}
              >
                <Select showSearch style={{ width: 110 }} options={DAY_ENDS.map((time) => ({ value: time, label: time }))} data-testid="preferences-day-end" />
              </Form.Item>
            </Space>
          ) : null}
        </Card>

        <Card className="atrium-card" title={t('booking-preferences.checkIn.title')} data-testid="preferences-check-in">
          <p className="atrium-muted atrium-card-intro">{t('booking-preferences.checkIn.hint')}</p>
          <Form.Item name="releaseNoShows" label={t('booking-preferences.checkIn.release')} valuePropName="checked">
            <Switch data-testid="preferences-release" />
          </Form.Item>
          <Form.Item
            name="seriesNoShowLimit"
            label={t('booking-preferences.checkIn.seriesLimit')}
            extra={t('booking-preferences.checkIn.seriesLimitHelp')}
            rules={[
              { required: true, message: t('booking-preferences.checkIn.seriesLimitRange', { max: SERIES_NO_SHOW_LIMIT_MAX }) },
              { type: 'number', min: 0, max: SERIES_NO_SHOW_LIMIT_MAX, message: t('booking-preferences.checkIn.seriesLimitRange', { max: SERIES_NO_SHOW_LIMIT_MAX }) },
            ]}
          >
            <NumberInput min={0} max={SERIES_NO_SHOW_LIMIT_MAX} style={{ width: 160 }} data-testid="preferences-series-limit" />
          </Form.Item>
        </Card>

        <Card className="atrium-card" title={t('booking-preferences.defaults.title')} data-testid="preferences-defaults">
          <p className="atrium-muted atrium-card-intro">{t('booking-preferences.defaults.hint')}</p>
          <Form.Item name="defaultPrivacy" label={t('booking.form.privacy')}>
            <Radio.Group data-testid="preferences-privacy">
              <Radio value="public">{t('booking.form.privacyPublic')}</Radio>
              <Radio value="busy">{t('booking.form.privacyBusy')}</Radio>
              <Radio value="private">{t('booking.form.privacyPrivate')}</Radio>
            </Radio.Group>
          </Form.Item>
          {/* The reminder and notice defaults belong to the notification settings; shown here so the form's defaults read in one place. */}
          <p className="atrium-muted" data-testid="preferences-reminder">
            {t('booking-preferences.defaults.reminderFrom', { count: rules.defaultReminderMinutes })}
          </p>
          <p className="atrium-muted" data-testid="preferences-notice">
            {t('booking-preferences.defaults.noticeFrom', { count: rules.defaultNoticeMinutes })}
          </p>
        </Card>
      </div>
      <div className="atrium-preferences-footer">
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="preferences-save">
            {t('booking-preferences.save')}
          </Button>
        ) : (
          <span className="atrium-muted">{t('booking-preferences.readOnly')}</span>
        )}
        <span className="atrium-muted" data-testid="preferences-changed">
          {rules.updatedAt !== null
            ? t('booking-preferences.changed', { name: rules.updatedByName ?? t('booking-preferences.someone'), at: dayjs(rules.updatedAt).format(LOG_TIME_FORMAT) })
            : t('booking-preferences.unchanged')}
        </span>
      </div>
    </Form>
  );
}
