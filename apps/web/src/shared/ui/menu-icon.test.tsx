import { MENU_CATALOGUE, type MenuNode } from '@atrium/contract';
import { render } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { MENU_ICONS, MenuIcon } from './menu-icon';

const allIcons = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.icon, ...allIcons(node.children ?? [])]);

describe('MenuIcon', () => {
  it('has an icon for every name the menu catalogue uses', () => {
    const missing = allIcons(MENU_CATALOGUE).filter((name) => !MENU_ICONS[name]);
    expect(missing).toEqual([]);
  });

  it('shows the named icon, and the default one for an unknown name', () => {
    const { container } = render(
      <>
        <MenuIcon name="UserOutlined" />
        <MenuIcon name="NoSuchIcon" />
      </>,
    );
    const icons = container.querySelectorAll('[role="img"]');
    expect(icons[0]).toHaveAttribute('aria-label', 'user');
    expect(icons[1]).toHaveAttribute('aria-label', 'appstore');
  });

  it("shows today's day of the month for /reserve", () => {
    const { getByTestId } = render(<MenuIcon name="CalendarOutlined" path="/reserve" />);
    expect(getByTestId('day-of-month-icon')).toHaveTextContent(String(dayjs().date()));
  });
});
