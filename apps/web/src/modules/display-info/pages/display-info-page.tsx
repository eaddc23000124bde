import { hasPermission } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { infoShowListQuery } from '../api/display-info.api';
import { InfoShowCard } from '../components/info-show-card';
import './display-info-page.css';

const Loading = () => (
  <Card className="atrium-card">
    <Skeleton active />
  </Card>
);

/**
 * /display-settings (area reservationScreens): what door displays and room boards show. The booking
 * notification settings live on /message-remind (area messages).
 */
export function DisplayInfoPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEditInfo = hasPermission(user.permissions, 'reservationScreens:edit');
  const info = useQuery(infoShowListQuery);

  return (
    <div className="atrium-page" data-testid="page-display-settings">
      <PageHeader title={t('display-info.title')} subtitle={t('display-info.subtitle')} />
      <div className="atrium-display-grid">
        {info.data ? <InfoShowCard data={info.data} canEdit={canEditInfo} /> : <Loading />}
      </div>
    </div>
  );
}
