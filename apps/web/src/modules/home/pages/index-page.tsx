import { CalendarOutlined, ExportOutlined, RightOutlined } from '@ant-design/icons';
import type { Lang } from '@atrium/contract';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../shared/hooks/use-now';
import { calendarDate, dayTitle } from '../../../shared/i18n/date-titles';
import { fullTitle, type FlatMenuItem } from '../../../shared/menu/menu-model';
import { useMenuAction } from '../../../shared/menu/use-menu-action';
import { useSession } from '../../../shared/session/session-context';
import { CompanyLogo } from '../../../shared/ui/company-logo';
import { MenuIcon } from '../../../shared/ui/menu-icon';
import { dayPart, greetingName } from '../greeting';
import { EmptyState } from '../../../shared/ui/empty-state';
import './index-page.css';

/** Pages a card may link to: real pages and external addresses, never entries without a target. */
const isLinkable = (item: FlatMenuItem) => item.target.kind !== 'none' && item.path !== '/index';

/** /index: the welcome page with the user's pages as cards. */
export function IndexPage() {
  const { t, i18n } = useTranslation();
  const { user, menuItems } = useSession();
  const openItem = useMenuAction();
  const now = dayjs(useNow());
  const cards = menuItems.filter(isLinkable);
  const company = user.company.name || t('common.appName');

  return (
    <div className="atrium-page atrium-home" data-testid="page-index">
      <section className="atrium-home-hero">
        <div className="atrium-home-hero-text">
          <p className="atrium-home-date">
            <CalendarOutlined /> {dayTitle(calendarDate(now), i18n.language as Lang)}
          </p>
          <h1>{t(`home.greeting.${dayPart(now.hour())}`, { name: greetingName(user) })}</h1>
          <p className="atrium-home-welcome">{t('home.welcome', { company })}</p>
          <Tag className="atrium-home-role" variant="filled">
            {t('home.role', { role: user.role.name })}
          </Tag>
        </div>
        <div className="atrium-home-hero-logo">
          <CompanyLogo logo={user.company.logo} name={company} size={72} />
        </div>
      </section>

      <section className="atrium-home-section" aria-labelledby="home-pages-title">
        <div className="atrium-home-section-head">
          <h2 id="home-pages-title">{t('home.pages')}</h2>
          <span>{t('home.pagesHint')}</span>
        </div>
        {cards.length === 0 ? (
          <EmptyState description={t('home.empty')} />
        ) : (
          <ul className="atrium-home-cards">
            {cards.map((item) => {
              const external = item.target.kind === 'external';
              const groups = item.titleKeys.slice(0, -1);
              return (
                <li key={item.key}>
                  <button type="button" className="atrium-home-card" data-testid={`home-card-${item.key}`} onClick={() => openItem(item.target)}>
                    <span className="atrium-home-card-icon">
                      <MenuIcon name={item.icon} path={item.path} />
                    </span>
                    <span className="atrium-home-card-text">
                      <strong>{t(item.titleKeys[item.titleKeys.length - 1]!)}</strong>
                      <span>{groups.length > 0 ? fullTitle({ titleKeys: groups }, t) : '\u00a0'}</span>
                    </span>
                    {external ? (
                      <ExportOutlined className="atrium-home-card-go" aria-label={t('home.external')} />
                    ) : (
                      <RightOutlined className="atrium-home-card-go" />
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
