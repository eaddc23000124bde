import Empty from 'antd/es/empty';
import type { ReactNode } from 'react';
import './empty-state.css';

export interface EmptyStateProps {
  /** What is missing, in a few words ("No meetings this week"). */
  description: ReactNode;
  /** What to do about it: usually one button that makes the first item. */
  action?: ReactNode;
  /** Smaller, for a drop-down or a narrow panel. */
  isCompact?: boolean;
  'data-testid'?: string;
}

/**
 * The one empty state of the console: every empty list, table, panel and calendar shows this, so
 * they all look alike (the same picture, text colour and spacing) and invite the next step the same way.
 */
export function EmptyState({ description, action, isCompact = false, 'data-testid': testId = 'empty-state' }: EmptyStateProps) {
  return (
    <div className={isCompact ? 'atrium-empty is-compact' : 'atrium-empty'} data-testid={testId}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
        {action}
      </Empty>
    </div>
  );
}

/** A table's `locale` with the console's empty state. */
export function tableEmpty(description: ReactNode, action?: ReactNode): { emptyText: ReactNode } {
  return { emptyText: <EmptyState description={description} action={action} /> };
}
