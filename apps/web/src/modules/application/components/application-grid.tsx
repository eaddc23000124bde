import type { ApplicationList } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { applicationListQuery } from '../api/application.api';

/** The app centre's pages: a grid of cards drawn from the company's applications, a skeleton until they load. */
export function ApplicationGrid({ children }: { children: (data: ApplicationList) => ReactNode }) {
  const { data } = useQuery(applicationListQuery);
  return data ? (
    <div className="atrium-app-grid">{children(data)}</div>
  ) : (
    <Card className="atrium-card">
      <Skeleton active />
    </Card>
  );
}
