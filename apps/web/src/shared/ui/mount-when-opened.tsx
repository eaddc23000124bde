import { Suspense, useState, type ReactNode } from 'react';

export interface MountWhenOpenedProps {
  /** Whether the dialog or drawer inside is open. */
  open: boolean;
  /** The dialog or drawer, usually a `lazy()` component. */
  children: ReactNode;
}

/**
 * Renders a lazily loaded dialog or drawer from the first time it opens, and keeps it mounted after
 * so it closes with its animation: its code is fetched when it is needed, not with the page (issue 19).
 */
export function MountWhenOpened({ open, children }: MountWhenOpenedProps) {
  const [hasOpened, setHasOpened] = useState(open);
  if (open && !hasOpened) setHasOpened(true);
  return hasOpened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
