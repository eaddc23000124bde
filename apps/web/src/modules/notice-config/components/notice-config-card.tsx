import { SaveOutlined } from '@ant-design/icons';
import { CONSOLE_EVENTS, NOTICE_EVENTS, NOTICE_FOOTER_MAX, NOTICE_TIMES, NoticeConfig, REMINDER_CHOICES, type NoticeConfigResult } from '@atrium/contract';
import { Alert, App, Button, Card, Form, Input, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useSaveNoticeConfig } from '../api/notice-config.api';

export interface NoticeConfigCardProps {
  config: NoticeConfigResult;
  canEdit: boolean;
}

/**
 * "Notifications": which booking events send mail and show in the console, default notice and
 * reminder times, the footer. Its tab asks before unsaved changes go.
 */
export function NoticeConfigCard({ config, canEdit }: NoticeConfigCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveNoticeConfig();
  const { updatedAt: _updatedAt, ...initial } = config;
  const [form] = Form.useForm<NoticeConfig>();
  const dirty = useFormDirty(form, { initialValues: initial });
  useUnsavedChanges(dirty.isDirty);

  const submit = (values: NoticeConfig) => {
    save.mutate(
      { ...values, footer: values.footer ?? '' },
      {
        onSuccess: () => {
          dirty.markClean();
          void message.success(t('notice-config.notice.saved'));
        },
      },
    );
  };

  return (
    <Card className="atrium-card" title={t('notice-config.notice.title')} data-testid="notice-card">
      <p className="atrium-muted atrium-card-intro">{t('notice-config.notice.hint')}</p>
      {save.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={save.error.message} data-testid="notice-save-error" /> : null}
      <Form<NoticeConfig> form={form} layout="vertical" initialValues={initial} onFinish={submit} onValuesChange={dirty.onValuesChange} disabled={!canEdit || save.isPending} data-testid="notice-form">
        <Typography.Title level={5}>{t('notice-config.notice.eventsTitle')}</Typography.Title>
        <div className="atrium-notice-events" role="table" aria-label={t('notice-config.notice.eventsTitle')}>
          <div className="atrium-notice-row atrium-notice-row-head" role="row">
            <span role="columnheader">{t('notice-config.notice.event')}</span>
            <span role="columnheader">{t('notice-config.notice.byMail')}</span>
            <span role="columnheader">{t('notice-config.notice.inConsole')}</span>
          </div>
          {CONSOLE_EVENTS.map((event) => (
            <div key={event} className="atrium-notice-row" role="row">
              <span role="rowheader">{t(`notice-config.notice.events.${event}`)}</span>
              <span role="cell">
                {(NOTICE_EVENTS as readonly string[]).includes(event) ? (
                  <Form.Item name={['events', event]} valuePropName="checked" noStyle>
                    <Switch size="small" aria-label={`${t(`notice-config.notice.events.${event}`)}: ${t('notice-config.notice.byMail')}`} data-testid={`notice-event-${event}`} />
                  </Form.Item>
                ) : (
                  // A reminder's mail is chosen per meeting (its reminder time), not here.
                  <Typography.Text type="secondary">{t('notice-config.notice.perMeeting')}</Typography.Text>
                )}
              </span>
              <span role="cell">
                <Form.Item name={['consoleEvents', event]} valuePropName="checked" noStyle>
                  <Switch size="small" aria-label={`${t(`notice-config.notice.events.${event}`)}: ${t('notice-config.notice.inConsole')}`} data-testid={`notice-console-${event}`} />
                </Form.Item>
              </span>
            </div>
          ))}
        </div>
        <div className="atrium-notice-times">
          <Form.Item name="noticeMinutes" label={t('notice-config.notice.noticeMinutes')} extra={t('notice-config.notice.noticeHint')}>
            <Select
              data-testid="notice-minutes"
              options={NOTICE_TIMES.map((minutes) => ({ value: minutes, label: minutes === 0 ? t('notice-config.notice.atEvent') : t('notice-config.notice.minutesBefore', { count: minutes }) }))}
            />
          </Form.Item>
          <Form.Item name="reminderMinutes" label={t('notice-config.notice.reminderMinutes')} extra={t('notice-config.notice.reminderHint')}>
            <Select data-testid="notice-reminder" options={REMINDER_CHOICES.map((minutes) => ({ value: minutes, label: t('notice-config.notice.minutes', { count: minutes }) }))} />
          </Form.Item>
        </div>
        <Form.Item name="notifyParticipants" valuePropName="checked" label={t('notice-config.notice.notifyParticipants')} extra={t('notice-config.notice.notifyParticipantsHint')}>
          <Switch data-testid="notice-participants" />
        </Form.Item>
        <Form.Item
          name="footer"
          label={t('notice-config.notice.footer')}
          extra={t('notice-config.notice.footerHint')}
          rules={[zodRule(NoticeConfig.shape.footer, t('notice-config.notice.footerTooLong', { max: NOTICE_FOOTER_MAX }))]}
        >
          <Input.TextArea rows={3} maxLength={NOTICE_FOOTER_MAX} showCount data-testid="notice-footer" />
        </Form.Item>
        {canEdit ? (
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="notice-save">
            {t('common.actions.save')}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
