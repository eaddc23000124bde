import { isLicensedModule, type Application, type LicensedModule } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/ui/page-header';
import { applicationListQuery } from '../api/application.api';
import { licenceOverviewQuery } from '../../licence/api/licence.api';
import { licenceDay, seatsText } from '../../licence/components/licence-date';
import { LicenceStateTag } from '../../licence/components/licence-state-tag';
import { ApplicationStatusTag, ApplicationSwitch } from '../components/application-switch';
import { productOf, type Product } from '../products';
import './application-page.css';

/** A licensed product's licence: its state, the seats used of its seats, and its end (decision 0021, "Licences"). */
function ProductLicence({ module }: { module: LicensedModule }) {
  const { t } = useTranslation();
  const { data } = useQuery(licenceOverviewQuery);
  const licence = data?.modules.find((row) => row.module === module);
  if (!data || !licence) return null;
  const seats = seatsText(t, licence.seats, data.seatsUsed);
  return (
    <dl className="atrium-product-licence" data-testid="product-licence">
      <dt>{t('licence.columns.state')}</dt>
      <dd>
        <LicenceStateTag state={licence.state} />
      </dd>
      {licence.state === 'unlicensed' ? null : (
        <>
          <dt>{t('licence.columns.seats')}</dt>
          <dd>{seats}</dd>
          {licence.validUntil === null ? null : (
            <>
              <dt>{t('licence.columns.validUntil')}</dt>
              <dd>{licenceDay(licence.validUntil)}</dd>
            </>
          )}
        </>
      )}
    </dl>
  );
}

/** What the product does, what it looks like, whether the company uses it, and the way in. */
function ProductPage({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { data } = useQuery(applicationListQuery);
  const application: Application | undefined = data?.list.find((candidate) => candidate.key === product.application);
  const name = t(`application.products.${product.key}.name`);
  return (
    <div className="atrium-page" data-testid={`page-product-${product.key}`}>
      <PageHeader title={name} subtitle={t(`application.products.${product.key}.tagline`)} />
      <Card className="atrium-card">
        {application && data ? (
          <div className="atrium-product">
            <div className="atrium-product-text">
              <div className="atrium-product-state">
                <ApplicationStatusTag application={application} testId="product-status" />
                {data.canEdit && application.isBuilt ? <ApplicationSwitch application={application} name={name} /> : null}
              </div>
              {isLicensedModule(product.application) ? <ProductLicence module={product.application} /> : null}
              <ul className="atrium-product-features">
                {Array.from({ length: product.features }, (_, index) => (
                  <li key={index}>{t(`application.products.${product.key}.features.${index + 1}`)}</li>
                ))}
              </ul>
              {application.path ? (
                <Link to={application.path} data-testid="product-open">
                  <Button type="primary">{t('application.products.open', { name })}</Button>
                </Link>
              ) : (
                <p className="atrium-muted">{t(application.isEnabled ? 'application.noPage' : 'application.products.switchedOff')}</p>
              )}
            </div>
            <figure className="atrium-product-shot">
              <img src={product.screenshot} alt={t('application.products.screenshot', { name })} width={960} height={600} loading="lazy" />
              <figcaption className="atrium-muted">{t('application.products.caption')}</figcaption>
            </figure>
          </div>
        ) : (
          <Skeleton active />
        )}
      </Card>
    </div>
  );
}

/** The page of one product, for its route. */
export function productPage(key: Product['key']): ComponentType {
  const product = productOf(key);
  return function Page() {
    return <ProductPage product={product} />;
  };
}
