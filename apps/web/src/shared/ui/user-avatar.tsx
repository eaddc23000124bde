import { nameInitials } from '@atrium/contract';
import { useState, type CSSProperties } from 'react';

export interface UserAvatarProps {
  name: string;
  avatar: string | null;
  size: number;
  className?: string;
}

/**
 * The user's picture, or their initials (the given name of a CJK name) on a tint of the primary colour,
 * also when the picture fails to load. Plain markup sized by `size`: antd's Avatar measures its text
 * after mounting to fit it, a forced layout in the first paint of every signed-in page (issue 19); the
 * initials are at most two characters, which the font size below always fits.
 */
export function UserAvatar({ name, avatar, size, className }: UserAvatarProps) {
  const [failedPicture, setFailedPicture] = useState<string | null>(null);
  const classes = ['atrium-avatar', className].filter(Boolean).join(' ');
  const style: CSSProperties = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (avatar && avatar !== failedPicture) {
    return <img className={classes} style={style} src={avatar} alt="" onError={() => setFailedPicture(avatar)} />;
  }
  return (
    <span className={classes} style={style}>
      {nameInitials(name)}
    </span>
  );
}
