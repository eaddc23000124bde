import type { Application } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton, Tag } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/ui/page-header';
import { applicationListQuery } from '../api/application.api';
import { ApplicationSwitch, applicationStatus } from '../components/application-switch';
import { productOf, type Product } from '../products';
import './application-page.css';

/** What the product does, what it looks like, whether the company uses it, and the way in. */
function ProductPage({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { data } = useQuery(applicationListQuery);
  const application: Application | undefined = data?.list.find((candidate) => candidate.key === product.application);
  const name = t(`application.products.${product.key}.name`);
  const status = application ? applicationStatus(application) : undefined;
  return (
    <div className="atrium-page" data-testid={`page-product-${product.key}`}>
      <PageHeader title={name} subtitle={t(`application.products.${product.key}.tagline`)} />
      <Card className="atrium-card">
        {application && data ? (
          <div className="atrium-product">
            <div className="atrium-product-text">
              <div className="atrium-product-state">
                <Tag color={status === 'on' ? 'green' : status === 'off' ? 'default' : 'orange'} data-testid="product-status">
                  {t(`application.status.${status}`)}
                </Tag>
                {data.canEdit && application.isBuilt ? <ApplicationSwitch application={application} name={name} /> : null}
              </div>
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
