import { PlusOutlined } from '@ant-design/icons';
import { CALENDAR_CONSENT_ERRORS, hasPermission, type CalendarConsentError } from '@atrium/contract';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
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
  // Back from a provider's consent page (Google, Microsoft 365): ?linked=1, or ?error=<code>.
  const [params, setParams] = useSearchParams();
  const [consent] = useState(() => {
    const error = params.get('error');
    if (params.get('linked') === '1') return { type: 'success' as const, text: t('calendar-sync.consent.linked') };
    if (error === null) return null;
    const code: CalendarConsentError | 'unknown' = (CALENDAR_CONSENT_ERRORS as readonly string[]).includes(error) ? (error as CalendarConsentError) : 'unknown';
    return { type: 'error' as const, text: t(`calendar-sync.consent.errors.${code}`) };
  });

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
      {consent ? (
        <Alert
          type={consent.type}
          showIcon
          closable={{ onClose: () => setParams({}, { replace: true }) }}
          title={consent.text}
          className="atrium-calendar-consent"
          data-testid={`calendar-consent-${consent.type}`}
        />
      ) : null}
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
