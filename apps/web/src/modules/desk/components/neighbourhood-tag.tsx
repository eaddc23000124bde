import { Button, Tag } from 'antd';
import type { ReactNode } from 'react';

/**
 * A neighbourhood as a tag: its colour as a dot beside text in the page's colour (text in its own colour
 * would not read on its tint). With `onClick` (an editor) it is a button, reachable by keyboard.
 */
export function NeighbourhoodTag({ color, children, onClick, testId }: { color: string; children: ReactNode; onClick?: () => void; testId?: string }) {
  const dot = <span className="atrium-desk-dot" style={{ background: color }} aria-hidden />;
  return onClick ? (
    <Button size="small" icon={dot} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  ) : (
    <Tag className="atrium-desk-area-tag" data-testid={testId}>
      {dot}
      {children}
    </Tag>
  );
}
