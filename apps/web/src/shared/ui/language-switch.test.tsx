import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../i18n/i18n';
import { LanguageSwitch } from './language-switch';

afterEach(() => act(() => setLang('en-US')));

function renderSwitch() {
  return render(
    <div>
      <LanguageSwitch testId="switch" showName />
      <button type="button">elsewhere</button>
    </div>,
  );
}

describe('the language switch', () => {
  it('opens on the current language, moves with the arrows and switches on a choice', async () => {
    const user = userEvent.setup();
    renderSwitch();
    const trigger = screen.getByTestId('switch');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('lang-option-en-US')).toHaveFocus();
    expect(screen.getByTestId('lang-option-en-US')).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('lang-option-zh-CN')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('简体中文');
  });

  it('closes on Escape with the focus back on its button, and on a click elsewhere', async () => {
    const user = userEvent.setup();
    renderSwitch();
    const trigger = screen.getByTestId('switch');
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-US');
  });
});
