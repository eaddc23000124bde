import BgColorsOutlined from '@ant-design/icons/BgColorsOutlined';
import FullscreenExitOutlined from '@ant-design/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/FullscreenOutlined';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import Breadcrumb from 'antd/es/breadcrumb';
import Button from 'antd/es/button';
import Layout from 'antd/es/layout';
import Tooltip from 'antd/es/tooltip';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { helpUrlFor } from '@atrium/contract';
import { menuKeyForPath } from '../../shared/menu/menu-model';
import { useDeploymentProfile } from '../../shared/deployment/deployment.api';
import { useSession } from '../../shared/session/session-context';
import { CompanyLogo } from '../../shared/ui/company-logo';
import { NotificationBell } from '../../shared/notifications/notification-bell';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { MountWhenOpened } from '../../shared/ui/mount-when-opened';
import { findShellPage } from '../page-routes';
import { useShellPages } from '../shell-pages';
import { UserMenu } from './user-menu';
import { useFullscreen } from './use-fullscreen';

// The colour picker and its dialog load when the dialog first opens.
const ThemeDialog = lazy(() => import('./theme-dialog').then((m) => ({ default: m.ThemeDialog })));

export interface HeaderBarProps {
  isMobile: boolean;
  menuCollapsed: boolean;
  onToggleMenu: () => void;
  onOpenSearch: () => void;
  /** The search overlay is open: its button's tooltip steps aside. */
  searchOpen: boolean;
}

/** Where the user is, and the shell's tools: search, full screen, notifications, language, theme, account. */
export function HeaderBar({ isMobile, menuCollapsed, onToggleMenu, onOpenSearch, searchOpen }: HeaderBarProps) {
  const { t } = useTranslation();
  const { isFullscreen, toggle: toggleFullscreen } = useFullscreen();
  const [themeOpen, setThemeOpen] = useState(false);
  const toggleLabel = isMobile ? t('shell.menu.open') : menuCollapsed ? t('shell.menu.expand') : t('shell.menu.collapse');
  const toggleIcon = isMobile ? <MenuOutlined /> : menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;

  return (
    <Layout.Header className="atrium-header">
      <Button type="text" className="atrium-header-button" icon={toggleIcon} onClick={onToggleMenu} aria-label={toggleLabel} data-testid="menu-collapse" />
      {isMobile ? <MobileBrand /> : <PageTrail />}
      <div className="atrium-header-actions">
        {/* A button's tooltip hides while what it opened is open: left on, it sat above the dialog's mask
            (the pointer never left the button) and took the first Escape meant for the dialog. */}
        <Tooltip title={searchOpen ? null : t('shell.header.search')}>
          <Button type="text" className="atrium-header-button" icon={<SearchOutlined />} onClick={onOpenSearch} aria-label={t('shell.header.search')} data-testid="header-search" />
        </Tooltip>
        {isMobile ? null : (
          <Tooltip title={isFullscreen ? t('shell.header.exitFullscreen') : t('shell.header.fullscreen')}>
            <Button
              type="text"
              className="atrium-header-button"
              icon={isFullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={toggleFullscreen}
              aria-label={isFullscreen ? t('shell.header.exitFullscreen') : t('shell.header.fullscreen')}
              aria-pressed={isFullscreen}
              data-testid="header-fullscreen"
            />
          </Tooltip>
        )}
        <NotificationBell compact={isMobile} />
        <LanguageSwitch testId="header-lang" className="atrium-header-button" />
        <Tooltip title={themeOpen ? null : t('shell.header.theme')}>
          <Button
            type="text"
            className="atrium-header-button"
            icon={<BgColorsOutlined />}
            onClick={() => setThemeOpen(true)}
            aria-label={t('shell.header.theme')}
            data-testid="header-theme"
          />
        </Tooltip>
        <ProfileHeaderItems compact={isMobile} />
        <UserMenu compact={isMobile} />
      </div>
      <MountWhenOpened open={themeOpen}>
        <ThemeDialog open={themeOpen} onClose={() => setThemeOpen(false)} />
      </MountWhenOpened>
    </Layout.Header>
  );
}

/** The company mark beside the menu button on narrow screens, where the side menu is a drawer. */
function MobileBrand() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <span className="atrium-header-logo">
      <CompanyLogo logo={user.company.logo} name={user.company.name || t('common.appName')} size={26} />
    </span>
  );
}

/** The current page as a trail of menu titles ('User management / Personal'), or its own title. */
function PageTrail() {
  const { t } = useTranslation();
  const { menuItems } = useSession();
  const { pathname } = useLocation();
  const key = menuKeyForPath(pathname, menuItems);
  const item = key ? menuItems.find((entry) => entry.key === key) : undefined;
  const pages = useShellPages();
  const page = findShellPage(pathname, pages);
  const pageTitleKey = page?.titleKey ?? 'shell.notFound.title';
  const titleKeys = item ? [...item.titleKeys] : [pageTitleKey];
  // A detail page shows under its list page's trail.
  if (item && titleKeys[titleKeys.length - 1] !== pageTitleKey) titleKeys.push(pageTitleKey);
  const titles = titleKeys.map((titleKey) => t(titleKey));
  return <Breadcrumb className="atrium-trail" items={titles.map((title, index) => ({ key: index, title }))} />;
}

/** What the deployment profile adds to the header: the user code and the help link (for the user's group). */
function ProfileHeaderItems({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { profile } = useDeploymentProfile();
  const helpUrl = helpUrlFor(profile.help, { id: user.id, departmentId: user.department?.id ?? null });
  return (
    <>
      {profile.showUserCode && user.usercode && !compact ? (
        <span className="atrium-header-usercode" data-testid="header-usercode">
          {t('shell.header.userCode', { code: user.usercode })}
        </span>
      ) : null}
      {helpUrl ? (
        <Tooltip title={t('shell.header.help')}>
          <Button
            type="text"
            className="atrium-header-button"
            icon={<QuestionCircleOutlined />}
            href={helpUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('shell.header.help')}
            data-testid="header-help"
          />
        </Tooltip>
      ) : null}
    </>
  );
}
