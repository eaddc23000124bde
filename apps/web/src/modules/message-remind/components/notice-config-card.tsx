import { SaveOutlined } from '@ant-design/icons';
import { CONSOLE_EVENTS, NOTICE_EVENTS, NOTICE_FOOTER_MAX, NOTICE_TIMES, NoticeConfig, REMINDER_CHOICES, type NoticeConfigResult } from '@atrium/contract';
import { Alert, App, Button, Card, Form, Input, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useSaveNoticeConfig } from '../api/message-remind.api';

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
          void message.success(t('messageRemind.notice.saved'));
        },
      },
    );
  };

  return (
    <Card className="atrium-card" title={t('messageRemind.notice.title')} data-testid="notice-card">
      <p className="atrium-muted atrium-card-intro">{t('messageRemind.notice.hint')}</p>
      {save.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={save.error.message} data-testid="notice-save-error" /> : null}
      <Form<NoticeConfig> form={form} layout="vertical" initialValues={initial} onFinish={submit} onValuesChange={dirty.onValuesChange} disabled={!canEdit || save.isPending} data-testid="notice-form">
        <Typography.Title level={5}>{t('messageRemind.notice.eventsTitle')}</Typography.Title>
        <div className="atrium-notice-events" role="table" aria-label={t('messageRemind.notice.eventsTitle')}>
          <div className="atrium-notice-row atrium-notice-row-head" role="row">
            <span role="columnheader">{t('messageRemind.notice.event')}</span>
            <span role="columnheader">{t('messageRemind.notice.byMail')}</span>
            <span role="columnheader">{t('messageRemind.notice.inConsole')}</span>
          </div>
          {CONSOLE_EVENTS.map((event) => (
            <div key={event} className="atrium-notice-row" role="row">
              <span role="rowheader">{t(`messageRemind.notice.events.${event}`)}</span>
              <span role="cell">
                {(NOTICE_EVENTS as readonly string[]).includes(event) ? (
                  <Form.Item name={['events', event]} valuePropName="checked" noStyle>
                    <Switch size="small" aria-label={`${t(`messageRemind.notice.events.${event}`)}: ${t('messageRemind.notice.byMail')}`} data-testid={`notice-event-${event}`} />
                  </Form.Item>
                ) : (
                  // A reminder's mail is chosen per meeting (its reminder time), not here.
                  <Typography.Text type="secondary">{t('messageRemind.notice.perMeeting')}</Typography.Text>
                )}
              </span>
              <span role="cell">
                <Form.Item name={['consoleEvents', event]} valuePropName="checked" noStyle>
                  <Switch size="small" aria-label={`${t(`messageRemind.notice.events.${event}`)}: ${t('messageRemind.notice.inConsole')}`} data-testid={`notice-console-${event}`} />
                </Form.Item>
              </span>
            </div>
          ))}
        </div>
        <div className="atrium-notice-times">
          <Form.Item name="noticeMinutes" label={t('messageRemind.notice.noticeMinutes')} extra={t('messageRemind.notice.noticeHint')}>
            <Select
              data-testid="notice-minutes"
              options={NOTICE_TIMES.map((minutes) => ({ value: minutes, label: minutes === 0 ? t('messageRemind.notice.atEvent') : t('messageRemind.notice.minutesBefore', { count: minutes }) }))}
            />
          </Form.Item>
          <Form.Item name="reminderMinutes" label={t('messageRemind.notice.reminderMinutes')} extra={t('messageRemind.notice.reminderHint')}>
            <Select data-testid="notice-reminder" options={REMINDER_CHOICES.map((minutes) => ({ value: minutes, label: t('messageRemind.notice.minutes', { count: minutes }) }))} />
          </Form.Item>
        </div>
        <Form.Item name="notifyParticipants" valuePropName="checked" label={t('messageRemind.notice.notifyParticipants')} extra={t('messageRemind.notice.notifyParticipantsHint')}>
          <Switch data-testid="notice-participants" />
        </Form.Item>
        <Form.Item
          name="footer"
          label={t('messageRemind.notice.footer')}
          extra={t('messageRemind.notice.footerHint')}
          rules={[zodRule(NoticeConfig.shape.footer, t('messageRemind.notice.footerTooLong', { max: NOTICE_FOOTER_MAX }))]}
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
