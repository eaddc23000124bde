import { Avatar } from 'antd';

/** Initials for an avatar: the first letters of the first two words, or the first two characters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  return (words[0] ?? '?').slice(0, 2).toUpperCase();
}

export interface UserAvatarProps {
  name: string;
  avatar: string | null;
  size: number;
  className?: string;
}

/** The user's picture, or their initials on a tint of the primary colour. */
export function UserAvatar({ name, avatar, size, className }: UserAvatarProps) {
  return (
    <Avatar size={size} src={avatar ?? undefined} className={['atrium-avatar', className].filter(Boolean).join(' ')}>
      {initialsOf(name)}
    </Avatar>
  );
}
