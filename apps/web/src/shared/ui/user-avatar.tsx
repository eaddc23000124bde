import { nameInitials } from '@atrium/contract';
import { Avatar } from 'antd';

export interface UserAvatarProps {
  name: string;
  avatar: string | null;
  size: number;
  className?: string;
}

/** The user's picture, or their initials (the given name of a CJK name) on a tint of the primary colour. */
export function UserAvatar({ name, avatar, size, className }: UserAvatarProps) {
  return (
    <Avatar size={size} src={avatar ?? undefined} className={['atrium-avatar', className].filter(Boolean).join(' ')}>
      {nameInitials(name)}
    </Avatar>
  );
}
