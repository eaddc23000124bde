import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';

describe('no browser-native validation bubbles (issue 17)', () => {
  it('lets the product say what is wrong with an e-mail field, in its own words, instead of the browser', async () => {
    const onFinish = vi.fn();
    const invalid = vi.fn();
    renderWithProviders(
      <Form onFinish={onFinish}>
        <Form.Item name="email" rules={[{ type: 'email', message: 'Enter a valid e-mail address' }]}>
          <Input type="email" data-testid="email" />
        </Form.Item>
        <Button htmlType="submit" data-testid="submit">
          Save
        </Button>
      </Form>,
    );
    const input = screen.getByTestId('email');
    input.addEventListener('invalid', invalid);
    await userEvent.type(input, 'not-an-address');
    await userEvent.click(screen.getByTestId('submit'));
    // The browser's bubble comes with an `invalid` event; the form's own rule answers instead.
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(invalid).not.toHaveBeenCalled();
    expect((input.closest('form') as HTMLFormElement).noValidate).toBe(true);
    expect(onFinish).not.toHaveBeenCalled();
  });
});
