import { VISIT_NDA_RETENTION_DAYS, VISIT_PHOTO_RETENTION_DAYS, VISIT_RETENTION_DAYS, type VisitorSettings } from '@atrium/contract';
import { App, Button, Card, Form, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { NumberInput, numberRule } from '../../../shared/ui/number-input';
import { useSaveVisitorSettings, useVisitorSettings } from '../api/visitor.api';

/** A field of days to keep a kind of record, with its limits from the contract. */
interface DaysField {
  name: keyof VisitorSettings;
  limits: { min: number; max: number };
  testId: string;
}

const VISIT_DAYS: DaysField = { name: 'retentionDays', limits: VISIT_RETENTION_DAYS, testId: 'visitor-retention-days' };
/** A photo or a signed agreement goes with its visit at the latest (the server refuses more days). */
const DOCUMENT_DAYS: DaysField[] = [
  { name: 'photoRetentionDays', limits: VISIT_PHOTO_RETENTION_DAYS, testId: 'visitor-photo-retention-days' },
  { name: 'ndaRetentionDays', limits: VISIT_NDA_RETENTION_DAYS, testId: 'visitor-nda-retention-days' },
];

/** A document's days are at most the visit's, once both hold a number. */
const notPastVisit = (t: TFunction): Rule => ({ getFieldValue }) => ({
  validator: (_rule, value: unknown) => {
    const visitDays = getFieldValue(VISIT_DAYS.name) as unknown;
    return typeof value === 'number' && typeof visitDays === 'number' && Number.isInteger(visitDays) && value > visitDays
      ? Promise.reject(new Error(t('visitor.preferences.pastVisit', { days: visitDays })))
      : Promise.resolve();
  },
});

/** The visitor settings' Preferences tab: how long visits, photos and signed agreements are kept (decision 0018, "Retention"). */
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

  const daysItem = ({ name, limits, testId }: DaysField, extraRules: Rule[] = []) => (
    <Form.Item
      key={name}
      name={name}
      label={t(`visitor.preferences.${name}`)}
      required
      dependencies={extraRules.length > 0 ? [VISIT_DAYS.name] : undefined}
      rules={[{ required: true, message: t('common.number.range', limits) }, numberRule(t, limits), ...extraRules]}
    >
      <NumberInput min={limits.min} max={limits.max} suffix={t('visitor.preferences.days')} style={{ width: 200 }} data-testid={testId} />
    </Form.Item>
  );

  return (
    <Card title={t('visitor.preferences.title')} loading={!settings.data}>
      {settings.data ? (
        <Form form={form} layout="vertical" initialValues={settings.data} onValuesChange={dirty.onValuesChange} onFinish={(values) => void submit(values)} disabled={!canEdit}>
          {daysItem(VISIT_DAYS)}
          <Typography.Paragraph type="secondary">{t('visitor.preferences.retentionHelp')}</Typography.Paragraph>
          {DOCUMENT_DAYS.map((field) => daysItem(field, [notPastVisit(t)]))}
          <Typography.Paragraph type="secondary">{t('visitor.preferences.documentsHelp')}</Typography.Paragraph>
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
