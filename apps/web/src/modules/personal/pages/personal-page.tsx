import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileCard } from '../components/profile-card';
import { SessionsCard } from '../components/sessions-card';
import './personal-page.css';

/** /personal: the user's own profile, password and sessions (spec 000 section 2, always allowed). */
export function PersonalPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="atrium-page" data-testid="page-personal">
      <PageHeader title={t('personal.title')} subtitle={t('personal.subtitle')} />
      <div className="atrium-personal-grid">
        <ProfileCard user={user} />
        <ChangePasswordForm />
        <SessionsCard />
      </div>
    </div>
  );
}
