import { hasPermission } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { companyQuery } from '../api/company.api';
import { CompanyForm } from '../components/company-form';
import './company-page.css';

/** /company: the company's information (area accountGlobal; edit to change). */
export function CompanyPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const company = useQuery(companyQuery);
  return (
    <div className="atrium-page" data-testid="page-company">
      <PageHeader title={t('company.title')} subtitle={t('company.subtitle')} />
      {company.data ? (
        <CompanyForm company={company.data} canEdit={hasPermission(user.permissions, 'accountGlobal:edit')} />
      ) : (
        <Card className="atrium-card">
          <Skeleton active />
        </Card>
      )}
    </div>
  );
}
