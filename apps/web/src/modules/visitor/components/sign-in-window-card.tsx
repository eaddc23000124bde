import { VISITOR_SIGN_IN_HOURS, type VisitLocation, type VisitorPlace } from '@atrium/contract';
import { App, Button, Card, Form, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { NumberInput, numberRule } from '../../../shared/ui/number-input';
import { useSaveVisitorPlace, useVisitorPlace } from '../api/reception-devices.api';

const SOURCE_COLORS: Record<VisitorPlace['source'], string> = { place: 'blue', building: 'purple', default: 'default' };

/**
 * A place's sign-in window (spec 001 section 9): how many hours before their visit time a visitor may
 * check in there, at reception, by their host or at a kiosk; where the value comes from when the place
 * has none of its own (a floor takes its building's, then the product's default).
 */
export function SignInWindowCard({ place, canEdit }: { place: VisitLocation; canEdit: boolean }) {
  const { t } = useTranslation();
  const current = useVisitorPlace(place.id);
  return (
    <Card
      title={t('visitor.devices.signIn.title')}
      className="atrium-reception-sign-in"
      loading={!current.data}
      extra={current.data ? <Tag color={SOURCE_COLORS[current.data.source]} data-testid="reception-sign-in-source">{t(`visitor.devices.signIn.source.${current.data.source}`)}</Tag> : null}
      data-testid="reception-sign-in"
    >
      {/* A new form per place and per answer: the values it starts with are the server's. */}
      {current.data ? <SignInForm key={`${place.id}:${current.data.signInHours}:${current.data.source}`} place={place} value={current.data} canEdit={canEdit} /> : null}
    </Card>
  );
}

function SignInForm({ place, value, canEdit }: { place: VisitLocation; value: VisitorPlace; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveVisitorPlace();
  const [form] = Form.useForm<{ signInHours: number }>();
  const initialValues = { signInHours: value.signInHours };
  const dirty = useFormDirty(form, { initialValues });
  useUnsavedChanges(dirty.isDirty);

  async function submit({ signInHours }: { signInHours: number }) {
    try {
      const answer = await save.mutateAsync({ locationId: place.id, signInHours });
      dirty.markClean();
      void message.success(answer.message);
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  return (
    <>
      <Typography.Paragraph type="secondary">{t('visitor.devices.signIn.help')}</Typography.Paragraph>
      <Form form={form} layout="inline" className="atrium-reception-sign-in-form" initialValues={initialValues} onValuesChange={dirty.onValuesChange} onFinish={(values) => void submit(values)} disabled={!canEdit}>
        <Form.Item
          name="signInHours"
          label={t('visitor.devices.signIn.hours')}
          required
          rules={[{ required: true, message: t('common.number.range', VISITOR_SIGN_IN_HOURS) }, numberRule(t, VISITOR_SIGN_IN_HOURS)]}
        >
          <NumberInput min={VISITOR_SIGN_IN_HOURS.min} max={VISITOR_SIGN_IN_HOURS.max} suffix={t('visitor.devices.signIn.unit')} style={{ width: 160 }} data-testid="reception-sign-in-hours" />
        </Form.Item>
        {canEdit ? (
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="reception-sign-in-save">
              {t('visitor.devices.signIn.save')}
            </Button>
          </Form.Item>
        ) : null}
      </Form>
    </>
  );
}
