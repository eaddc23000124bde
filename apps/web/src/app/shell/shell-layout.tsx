import { ASIDE_WIDTH, isPathAllowed } from '@atrium/contract';
import Drawer from 'antd/es/drawer';
import Layout from 'antd/es/layout';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { useMediaQuery } from '../../shared/hooks/use-media-query';
import { preferencesStore, usePreferences } from '../../shared/preferences/preferences-store';
import type { PageRoute, RouteHandle } from '../../shared/routing/page-route';
import { useSession } from '../../shared/session/session-context';
import { LicenceBanner } from '../../modules/licence/components/licence-banner';
import { ReleaseNotesNotice } from '../../modules/branch/components/release-notes-notice';
import { HeaderBar } from './header-bar';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { useDoubleKeyPress } from './search-hotkey';
import { SideMenu } from './side-menu';
import { TabsBar } from './tabs-bar';
import { useLeaveGuard } from './use-leave-guard';
import { useMenuFollowsRole } from './use-menu-follows-role';
import { useTabs } from './use-tabs';
import './shell.css';

/** Width of the folded sider: icons only. */
const COLLAPSED_WIDTH = 64;
/** Delay before a hovered, folded sider opens (spec 000 section 9: menu toggle delay). */
const PEEK_DELAY_MS = 50;

// The search dialog loads when it first opens.
const GlobalSearch = lazy(() => import('./global-search').then((m) => ({ default: m.GlobalSearch })));

function useShellPage(): PageRoute | undefined {
  const matches = useMatches();
  return (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.page;
}

/**
 * The signed-in console: side menu, header, tabs and the page. Enforces the allowed-paths rule:
 * a page the user's menu does not allow shows /no-access (spec 000 section 2).
 */
export function ShellLayout() {
  const { menuPaths } = useSession();
  const { sidebarCollapsed } = usePreferences();
  const { pathname } = useLocation();
  const page = useShellPage();
  // Below antd's md breakpoint the side menu becomes a drawer.
  const isMobile = useMediaQuery('(max-width: 767px)');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  useMenuFollowsRole(pathname);
  const forbidden = page !== undefined && !isPathAllowed(pathname, menuPaths);
  const tabs = useTabs(forbidden ? undefined : page, menuPaths);
  const isKeptAlive = page?.keepAlive === true;
  useLeaveGuard(isKeptAlive, tabs.activePath);
  const openSearch = useCallback(() => setSearchOpen(true), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  useDoubleKeyPress('s', openSearch, !searchOpen);

  if (forbidden) return <Navigate to="/no-access" replace />;

  const toggleMenu = () => {
    if (isMobile) setDrawerOpen((open) => !open);
    else preferencesStore.update(({ sidebarCollapsed: collapsed }) => ({ sidebarCollapsed: !collapsed }));
  };

  return (
    <Layout className="atrium-shell" hasSider={!isMobile}>
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          size={ASIDE_WIDTH + 20}
          className="atrium-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <div className="atrium-drawer-menu" data-testid="side-menu">
            <SideMenu collapsed={false} onChosen={() => setDrawerOpen(false)} />
          </div>
        </Drawer>
      ) : (
        <Sider collapsed={sidebarCollapsed} />
      )}
      <Layout className="atrium-main">
        <HeaderBar isMobile={isMobile} menuCollapsed={sidebarCollapsed} onToggleMenu={toggleMenu} onOpenSearch={openSearch} searchOpen={searchOpen} />
        <TabsBar tabs={tabs.tabs} activePath={tabs.activePath} onSelect={tabs.select} onCommand={tabs.run} onMove={tabs.move} />
        <Layout.Content className="atrium-content">
          <LicenceBanner menuKey={page?.menuKey} />
          <KeepAliveOutlet keepAlive={isKeptAlive} activePath={tabs.activePath} openPaths={tabs.tabs.map((tab) => tab.path)} />
        </Layout.Content>
      </Layout>
      {searchOpen ? (
        <Suspense fallback={null}>
          <GlobalSearch onClose={closeSearch} />
        </Suspense>
      ) : null}
      <ReleaseNotesNotice />
    </Layout>
  );
}

/**
 * The desktop side menu. Folded, it opens over the page while the mouse is on it and folds back when
 * the mouse leaves (spec 000 section 2: pinned open on hover); the page keeps its place.
 */
function Sider({ collapsed }: { collapsed: boolean }) {
  const [peek, setPeek] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const folded = collapsed && !peek;
  return (
    <>
      <div className="atrium-sider-space" style={{ width: collapsed ? COLLAPSED_WIDTH : ASIDE_WIDTH }} aria-hidden="true" />
      <Layout.Sider
        className={collapsed && peek ? 'atrium-sider is-peeking' : 'atrium-sider'}
        width={ASIDE_WIDTH}
        collapsedWidth={COLLAPSED_WIDTH}
        collapsed={folded}
        trigger={null}
        collapsible
        data-testid="side-menu"
        onMouseEnter={() => {
          if (!collapsed) return;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setPeek(true), PEEK_DELAY_MS);
        }}
        onMouseLeave={() => {
          clearTimeout(timer.current);
          setPeek(false);
        }}
      >
        <SideMenu collapsed={folded} />
      </Layout.Sider>
    </>
  );
}
