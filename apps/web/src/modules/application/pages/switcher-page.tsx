import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '../../../shared/ui/menu-icon';
import { PageHeader } from '../../../shared/ui/page-header';
import { ApplicationStatusTag } from '../components/application-switch';
import { PRODUCTS } from '../products';
import { ApplicationGrid } from '../components/application-grid';
import './application-page.css';

/** /switcher: the products side by side, each with its state, the way in and its product page. */
export function SwitcherPage() {
  const { t } = useTranslation();
  return (
    <div className="atrium-page" data-testid="page-switcher">
      <PageHeader title={t('application.switcher.title')} subtitle={t('application.switcher.subtitle')} />
      <ApplicationGrid>{(data) => (
        <>
          {PRODUCTS.map((product) => {
            const application = data.list.find((candidate) => candidate.key === product.application)!;
            const name = t(`application.products.${product.key}.name`);
            return (
              <Card key={product.key} className="atrium-card atrium-app-card" data-testid={`switcher-${product.key}`}>
                <div className="atrium-app-head">
                  <span className="atrium-app-icon" aria-hidden>
                    <MenuIcon name={application.icon} />
                  </span>
                  <div className="atrium-app-title">
                    <h3>{name}</h3>
                    <ApplicationStatusTag application={application} />
                  </div>
                </div>
                <p className="atrium-muted">{t(`application.products.${product.key}.tagline`)}</p>
                <div className="atrium-switcher-links">
                  {application.path ? (
                    <Link to={application.path} data-testid={`switcher-open-${product.key}`}>
                      {t('application.products.open', { name })}
                    </Link>
                  ) : null}
                  {product.path !== application.path ? (
                    <Link to={product.path} data-testid={`switcher-about-${product.key}`}>
                      {t('application.switcher.about')}
                    </Link>
                  ) : null}
                </div>
              </Card>
            );
          })}
        </>
      )}</ApplicationGrid>
    </div>
  );
}
