import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, type FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { NumberInput, numberRule } from './number-input';

/** A form with one number field limited like a room's capacity. */
function renderField(lang: 'en-US' | 'zh-CN' = 'en-US', initial?: number) {
  let form: FormInstance | undefined;
  function Harness() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={{ capacity: initial }}>
        <Form.Item name="capacity" label="Capacity" rules={[numberRule(i18n.getFixedT(lang), { min: 1, max: 10_000 })]}>
          <NumberInput min={1} max={10_000} data-testid="capacity" />
        </Form.Item>
      </Form>
    );
  }
  render(<Harness />);
  return { input: screen.getByTestId('capacity') as HTMLInputElement, form: () => form! };
}

describe('NumberInput (spec 000 section 5)', () => {
  it('clears a value above the field limit with a message saying the range, never clamping it', async () => {
    const user = userEvent.setup();
    const { input, form } = renderField();
    await user.type(input, '99999');
    await user.tab();
    expect(input).toHaveValue('');
    expect(await screen.findByText('Enter a whole number from 1 to 10000')).toBeInTheDocument();
    expect(form().getFieldValue('capacity')).not.toBe(10_000);
    await expect(form().validateFields()).rejects.toBeTruthy();
  });

  it('takes digits only: a minus sign or a letter clears the field with the same message', async () => {
    const user = userEvent.setup();
    const { input } = renderField();
    await user.click(input);
    await user.paste('-3');
    expect(input).toHaveValue('');
    expect(await screen.findByText('Enter a whole number from 1 to 10000')).toBeInTheDocument();
    await user.type(input, '-');
    expect(input).toHaveValue('');
    expect(screen.getByText('Enter a whole number from 1 to 10000')).toBeInTheDocument();
    await user.type(input, '12');
    await user.type(input, 'a');
    expect(input).toHaveValue('');
  });

  it('keeps no more digits than the largest value has, and accepts a value in range', async () => {
    const user = userEvent.setup();
    const { input, form } = renderField('en-US', 8);
    expect(input).toHaveValue('8');
    await user.clear(input);
    await user.type(input, '1234567');
    expect(input).toHaveValue('12345');
    await user.clear(input);
    await user.type(input, '12');
    await user.tab();
    expect(form().getFieldValue('capacity')).toBe(12);
    await waitFor(() => expect(screen.queryByText(/Enter a whole number/)).not.toBeInTheDocument());
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).not.toHaveAttribute('type', 'number');
  });

  it('says the range in Chinese', async () => {
    const user = userEvent.setup();
    const { input } = renderField('zh-CN');
    await user.type(input, '0');
    await user.tab();
    expect(await screen.findByText('请输入 1 至 10000 之间的整数')).toBeInTheDocument();
  });

  it('is the one number input: no page uses antd InputNumber, which clamps silently', () => {
    const sources = import.meta.glob(['../../**/*.tsx', '!../../**/*.test.tsx'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(Object.entries(sources).filter(([, source]) => /\bInputNumber\b/.test(source)).map(([path]) => path)).toEqual([]);
  });
});
