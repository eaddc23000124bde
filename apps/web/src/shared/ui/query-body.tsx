import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';

/**
 * What a page shows of a read: `children` with its data once it is there, its error as an alert,
 * and a card-shaped skeleton meanwhile (the settings pages' forms).
 */
export function QueryBody<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;
  return (
    <Card className="atrium-card">
      <Skeleton active />
    </Card>
  );
}
