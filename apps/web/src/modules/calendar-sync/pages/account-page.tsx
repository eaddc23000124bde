import { PlusOutlined } from '@ant-design/icons';
import { hasPermission } from '@atrium/contract';
import { Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCalendarConnections } from '../api/calendar-sync.api';
import { ConnectModal } from '../components/connect-modal';
import { ConnectionCard } from '../components/connection-card';
import './account-page.css';

/**
 * /account: the company's calendar accounts (spec 000 section 2; decision 0023). Each connection to a calendar service
 * with the rooms linked to its calendars, each room's sync health ('calendar resource invalid or failed to sync' when
 * failing), the writes waiting or given up (retried by hand), and the outside events declined for clashing.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'accountGlobal:edit');
  const connections = useCalendarConnections();
  const [isConnecting, setIsConnecting] = useState(false);

  return (
    <div className="atrium-page" data-testid="page-account">
      <PageHeader
        title={t('menu.account')}
        subtitle={t('calendar-sync.subtitle')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsConnecting(true)} data-testid="calendar-connect">
              {t('calendar-sync.connect')}
            </Button>
          ) : null
        }
      />
      {!connections.data ? (
        <Card className="atrium-card">
          <Skeleton active />
        </Card>
      ) : connections.data.length === 0 ? (
        <Card className="atrium-card">
          <EmptyState description={t('calendar-sync.empty')} data-testid="calendar-empty" />
        </Card>
      ) : (
        <div className="atrium-calendar-connections">
          {connections.data.map((connection) => (
            <ConnectionCard key={connection.id} connection={connection} canEdit={canEdit} />
          ))}
        </div>
      )}
      {isConnecting ? <ConnectModal onClose={() => setIsConnecting(false)} /> : null}
    </div>
  );
}
