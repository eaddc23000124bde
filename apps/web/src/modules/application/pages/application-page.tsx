import { RightOutlined } from '@ant-design/icons';
import type { Application } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '../../../shared/ui/menu-icon';
import { PageHeader } from '../../../shared/ui/page-header';
import { LicencePanel } from '../../licence/components/licence-panel';
import { ApplicationStatusTag, ApplicationSwitch } from '../components/application-switch';
import { applicationListQuery } from '../api/application.api';
import { ApplicationGrid } from '../components/application-grid';
import './application-page.css';

/** One application: what it is, whether the company has it, a way in, and the switch for administrators. */
function ApplicationCard({ application, canEdit }: { application: Application; canEdit: boolean }) {
  const { t } = useTranslation();
  const name = t(`application.apps.${application.key}.name`);
  return (
    <Card className="atrium-card atrium-app-card" data-testid={`app-${application.key}`}>
      <div className="atrium-app-head">
        <span className="atrium-app-icon" aria-hidden>
          <MenuIcon name={application.icon} />
        </span>
        <div className="atrium-app-title">
          <h3>{name}</h3>
          <ApplicationStatusTag application={application} testId={`app-status-${application.key}`} />
        </div>
        {canEdit && application.isBuilt ? <ApplicationSwitch application={application} name={name} /> : null}
      </div>
      <p className="atrium-muted">{t(`application.apps.${application.key}.description`)}</p>
      {application.path ? (
        <Link to={application.path} className="atrium-app-open" data-testid={`app-open-${application.key}`}>
          {t('application.open')} <RightOutlined />
        </Link>
      ) : application.isBuilt && application.isEnabled ? (
        <p className="atrium-muted atrium-app-note">{t('application.noPage')}</p>
      ) : null}
    </Card>
  );
}

/** /application, the app centre: open to every signed-in user (spec 000 section 2). */
export function ApplicationPage() {
  const { t } = useTranslation();
  const { data } = useQuery(applicationListQuery);
  return (
    <div className="atrium-page" data-testid="page-application">
      <PageHeader
        title={t('application.title')}
        subtitle={data?.canEdit ? t('application.subtitleAdmin') : t('application.subtitle')}
        extra={
          <span className="atrium-switcher-links">
            <Link to="/switcher" data-testid="application-products">
              {t('application.switcher.title')}
            </Link>
            <Link to="/store/roomsSystem" data-testid="application-store">
              {t('application.store.title')}
            </Link>
          </span>
        }
      />
      <ApplicationGrid>{(data) => (
        <>
          {data.list.map((application) => (
            <ApplicationCard key={application.key} application={application} canEdit={data.canEdit} />
          ))}
        </>
      )}</ApplicationGrid>
      <LicencePanel />
    </div>
  );
}
