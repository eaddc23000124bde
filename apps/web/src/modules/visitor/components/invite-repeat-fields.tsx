import { VISIT_REPEAT_MAIL_DAYS_BEFORE, VISIT_REPEAT_MAX, VISIT_REPEATS, type InviteVisitBody } from '@atrium/contract';
import { Form, Select } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput, numberRule } from '../../../shared/ui/number-input';

/** How often the form's visit repeats: not at all, or one of the contract's repeats. */
export type RepeatChoice = 'none' | (typeof VISIT_REPEATS)[number];

/** The repeat fields of the invitation form. */
export interface RepeatValues {
  repeatEvery: RepeatChoice;
  repeatCount?: number;
}

/** A repeat makes 2 to VISIT_REPEAT_MAX visits in all, the first included. */
const REPEAT_COUNT = { min: 2, max: VISIT_REPEAT_MAX };

/** The body's `repeat` from the form's values: null for a visit that does not repeat. */
export const repeatOf = (values: RepeatValues): InviteVisitBody['repeat'] =>
  values.repeatEvery === 'none' ? null : { every: values.repeatEvery, count: values.repeatCount! };

/** Whether and how the visit repeats and, when it does, how many visits there are in all. */
export function InviteRepeatFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const every = (Form.useWatch('repeatEvery', form) as RepeatChoice | undefined) ?? 'none';
  const choices: RepeatChoice[] = ['none', ...VISIT_REPEATS];
  return (
    <>
      <div className="atrium-visit-row">
        <Form.Item name="repeatEvery" label={t('visitor.invite.repeat')}>
          <Select options={choices.map((value) => ({ value, label: t(`visitor.invite.repeats.${value}`) }))} data-testid="visit-repeat" />
        </Form.Item>
        {every === 'none' ? null : (
          <Form.Item
            name="repeatCount"
            label={t('visitor.invite.repeatCount')}
            required
            rules={[{ required: true, message: t('common.number.range', REPEAT_COUNT) }, numberRule(t, REPEAT_COUNT)]}
          >
            <NumberInput min={REPEAT_COUNT.min} max={REPEAT_COUNT.max} data-testid="visit-repeat-count" />
          </Form.Item>
        )}
      </div>
      {every === 'none' ? null : <p className="atrium-muted">{t('visitor.invite.repeatHint', { days: VISIT_REPEAT_MAIL_DAYS_BEFORE })}</p>}
    </>
  );
}
