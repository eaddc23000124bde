import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BranchesOutlined from '@ant-design/icons/BranchesOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import { Button, Drawer, Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { LanguageSwitch } from '../../../shared/ui/language-switch';
import { LoadingScreen } from '../../../shared/ui/loading-screen';
import { useCurrentOperator, useOperatorLogout } from '../api/operator.api';
import '../operator.css';

/** The boss menu (spec 000 section 2): a 'version management' group with the /branch entry. */
function BossMenu({ onChosen }: { onChosen?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items: MenuProps['items'] = [
    {
      key: 'versionManagement',
      icon: <AppstoreOutlined />,
      label: t('operator.menu.versionManagement'),
      children: [{ key: '/branch', icon: <BranchesOutlined />, label: t('operator.menu.branch') }],
    },
  ];
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[pathname]}
      defaultOpenKeys={['versionManagement']}
      data-testid="boss-menu"
      onClick={({ key }) => {
        void navigate(key);
        onChosen?.();
      }}
    />
  );
}

/**
 * The operator console: its own frame beside the company shell (decision 0021, "Operator area").
 * It shows once the operator session is known; without one the API client leads to /boss/login.
 */
export function OperatorLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const operator = useCurrentOperator();
  const logout = useOperatorLogout();
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const [drawerOpen, setDrawerOpen] = useState(false);

  if (!operator.data) return <LoadingScreen />;

  const signOut = () => logout.mutateAsync().then(() => void navigate('/boss/login', { replace: true }));

  return (
    <Layout className="atrium-operator" hasSider={!isNarrow}>
      {isNarrow ? (
        <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} closable={false} size={240} styles={{ body: { padding: 0 } }}>
          <BossMenu onChosen={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider width={248} theme="light" className="atrium-operator-sider">
          <div className="atrium-operator-brand">{t('operator.area')}</div>
          <BossMenu />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="atrium-operator-header">
          {isNarrow ? <Button type="text" icon={<MenuOutlined />} aria-label={t('operator.openMenu')} onClick={() => setDrawerOpen(true)} data-testid="boss-menu-toggle" /> : null}
          <span className="atrium-operator-name" data-testid="operator-name">
            {operator.data.fullName}
          </span>
          <LanguageSwitch testId="operator-lang" />
          <Button type="text" icon={<LogoutOutlined />} onClick={() => void signOut()} loading={logout.isPending} data-testid="operator-logout">
            {isNarrow ? null : t('operator.logout')}
          </Button>
        </Layout.Header>
        <Layout.Content className="atrium-operator-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
