import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/i18n';
import { publicFaceOf } from '../shared/routing/public-faces';
import { PublicFacePage } from './public-face-page';

const SECRET = 'k'.repeat(43);

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function open(address: string) {
  const face = publicFaceOf(new URL(address, 'http://x').pathname)!;
  const router = createMemoryRouter(
    [
      { path: address.split('?')[0], element: <PublicFacePage face={face} /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [address] },
  );
  render(<RouterProvider router={router} />);
}

describe('the public faces of signed-in addresses the spec lists as public', () => {
  it('explains the screen, refuses a wrong link and opens the screen of a right one', async () => {
    const user = userEvent.setup();
    open('/quality-data');
    expect(screen.getByRole('heading', { name: 'Air quality: lobby screen' })).toBeInTheDocument();
    expect(screen.getByTestId('public-face-sign-in')).toHaveAttribute('href', '/login?redirect=%2Fquality-data');
    await user.type(screen.getByLabelText('Screen link'), 'https://elsewhere.example/air-board/xyz');
    await user.click(screen.getByTestId('public-face-open'));
    expect(screen.getByRole('alert')).toHaveTextContent('This is not a screen link of this console');
    await user.clear(screen.getByLabelText('Screen link'));
    await user.type(screen.getByLabelText('Screen link'), `${window.location.origin}/air-board/${SECRET}`);
    await user.click(screen.getByTestId('public-face-open'));
    expect((await screen.findByTestId('where')).textContent).toBe(`/air-board/${SECRET}`);
  });

  it('opens the screen at once when the address carries its secret', async () => {
    open(`/deskeeper-live?token=${SECRET}`);
    expect((await screen.findByTestId('where')).textContent).toBe(`/deskeeper-live/screen?token=${SECRET}`);
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      open('/deskeeper-live');
      expect(screen.getByRole('heading', { name: '实时工位：大堂屏幕' })).toBeInTheDocument();
      expect(screen.getByLabelText('屏幕链接')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('tells how the linking of an account went when the session ran out meanwhile, and leads to sign-in', async () => {
    open('/auth-add?linked=1');
    expect(screen.getByRole('heading', { name: 'Linking your account' })).toBeInTheDocument();
    expect(screen.getByTestId('public-face-linked')).toHaveTextContent('is linked');
    expect(screen.getByTestId('public-face-sign-in')).toHaveAttribute('href', '/login?redirect=%2Fauth-add');
    cleanup();
    open('/auth-add?error=stateInvalid');
    expect(screen.getByTestId('public-face-failed')).toHaveTextContent('did not finish');
    expect(screen.queryByTestId('public-face-linked')).toBeNull();
    cleanup();
    open('/auth-add');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/Sign in to see the accounts you have linked/)).toBeInTheDocument();
  });
});
