import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserAvatar } from './user-avatar';

describe('UserAvatar', () => {
  it('shows the given name of a Chinese name, as Chinese products do', () => {
    render(<UserAvatar name="王小明" avatar={null} size={32} />);
    expect(screen.getByText('小明')).toBeTruthy();
  });

  it('shows both characters of a two-character name, never a lone family name', () => {
    render(<UserAvatar name="李伟" avatar={null} size={32} />);
    expect(screen.getByText('李伟')).toBeTruthy();
  });

  it('shows Latin initials for other names', () => {
    render(<UserAvatar name="Ada Lovelace" avatar={null} size={32} />);
    expect(screen.getByText('AL')).toBeTruthy();
  });

  it('shows the picture, and the initials again when it cannot be loaded', () => {
    const { container } = render(<UserAvatar name="Ada Lovelace" avatar="/api/upload/file/ada.png" size={40} />);
    const picture = container.querySelector('img')!;
    expect(picture.getAttribute('src')).toBe('/api/upload/file/ada.png');
    expect(picture.style.width).toBe('40px');
    expect(screen.queryByText('AL')).toBeNull();
    fireEvent.error(picture);
    expect(screen.getByText('AL')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });
});
