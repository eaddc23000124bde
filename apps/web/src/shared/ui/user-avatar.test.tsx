import { render, screen } from '@testing-library/react';
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
});
