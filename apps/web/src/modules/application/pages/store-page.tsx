import { applicationNodes, builtPages, MENU_CATALOGUE } from '@atrium/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header';
import { ApplicationStatusTag, ApplicationSwitch } from '../components/application-switch';
import { ROOMS_SYSTEM } from '../products';
import { ApplicationGrid } from '../components/application-grid';
import './application-page.css';

/**
 * /store/roomsSystem: the store's Rooms system, the applications it bundles (rooms, door displays,
 * messages), each with the pages it brings and its switch for the company's administrators.
 */
export function StorePage() {
  const { t } = useTranslation();
  return (
    <div className="atrium-page" data-testid="page-store">
      <PageHeader title={t('application.store.title')} subtitle={t('application.store.subtitle')} />
      <ApplicationGrid>{(data) => (
        <>
          {ROOMS_SYSTEM.map((key) => {
            const application = data.list.find((candidate) => candidate.key === key)!;
            const name = t(`application.apps.${key}.name`);
            return (
              <Card key={key} className="atrium-card atrium-app-card" data-testid={`store-${key}`}>
                <div className="atrium-app-head">
                  <div className="atrium-app-title">
                    <h3>{name}</h3>
                    <ApplicationStatusTag application={application} />
                  </div>
                  {data.canEdit && application.isBuilt ? <ApplicationSwitch application={application} name={name} /> : null}
                </div>
                <p className="atrium-muted">{t(`application.apps.${key}.description`)}</p>
                <p className="atrium-store-includes">{t('application.store.includes')}</p>
                <ul className="atrium-product-features" data-testid={`store-pages-${key}`}>
                  {applicationNodes(key, MENU_CATALOGUE).flatMap(builtPages).map((page) => (
                    <li key={page.key}>{t(`menu.${page.key}`)}</li>
                  ))}
                </ul>
              </Card>
            );
          })}
        </>
      )}</ApplicationGrid>
    </div>
  );
}
