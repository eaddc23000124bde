import { VISIT_RETENTION_DAYS, type VisitorSettings } from '@atrium/contract';
import { App, Button, Card, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { NumberInput, numberRule } from '../../../shared/ui/number-input';
import { useSaveVisitorSettings, useVisitorSettings } from '../api/visitor.api';

/** The visitor settings' Preferences tab: how long visits are kept (decision 0018, "Retention"). */
export function VisitorPreferencesCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useVisitorSettings();
  const save = useSaveVisitorSettings();
  const [form] = Form.useForm<VisitorSettings>();
  const dirty = useFormDirty(form);
  useUnsavedChanges(dirty.isDirty);

  async function submit(values: VisitorSettings) {
    try {
      await save.mutateAsync(values);
      dirty.markClean();
      void message.success(t('visitor.preferences.saved'));
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  return (
    <Card title={t('visitor.preferences.title')} loading={!settings.data}>
      {settings.data ? (
        <Form form={form} layout="vertical" initialValues={settings.data} onValuesChange={dirty.onValuesChange} onFinish={(values) => void submit(values)} disabled={!canEdit}>
          <Form.Item
            name="retentionDays"
            label={t('visitor.preferences.retentionDays')}
            required
            rules={[{ required: true, message: t('common.number.range', VISIT_RETENTION_DAYS) }, numberRule(t, VISIT_RETENTION_DAYS)]}
          >
            <NumberInput min={VISIT_RETENTION_DAYS.min} max={VISIT_RETENTION_DAYS.max} suffix={t('visitor.preferences.days')} style={{ width: 200 }} data-testid="visitor-retention-days" />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('visitor.preferences.retentionHelp')}</Typography.Paragraph>
          {canEdit ? (
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="visitor-preferences-save">
              {t('visitor.preferences.save')}
            </Button>
          ) : null}
        </Form>
      ) : null}
    </Card>
  );
}
