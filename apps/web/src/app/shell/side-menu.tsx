import ExportOutlined from '@ant-design/icons/ExportOutlined';
import Menu from 'antd/es/menu';
import type { MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ancestorKeys, flattenMenu, departmentKeys, menuKeyForPath, type MenuNode } from '../../shared/menu/menu-model';
import { useMenuAction } from '../../shared/menu/use-menu-action';
import { useSession } from '../../shared/session/session-context';
import { CompanyLogo } from '../../shared/ui/company-logo';
import { MenuIcon } from '../../shared/ui/menu-icon';

/** Up to this many entries, every group starts open: everything is one click away. */
const OPEN_ALL_UP_TO = 10;

type MenuItems = NonNullable<MenuProps['items']>;

function toMenuItems(nodes: readonly MenuNode[], t: (key: string) => string): MenuItems {
  return nodes.map((node) => {
    const title = t(node.titleKey);
    if (node.children.length > 0) {
      return {
        key: node.key,
        icon: <MenuIcon name={node.icon} />,
        label: <span data-testid={`menu-item-${node.key}`}>{title}</span>,
        children: toMenuItems(node.children, t),
      };
    }
    return {
      key: node.key,
      icon: <MenuIcon name={node.icon} path={node.path} />,
      title,
      label:
        node.target.kind === 'external' ? (
          <span className="atrium-menu-external">
            {title} <ExportOutlined />
          </span>
        ) : (
          title
        ),
      'data-testid': `menu-item-${node.key}`,
    };
  });
}

/** Groups open at first: all of them in a small menu, else those above the current page. */
function initialOpenKeys(nodes: readonly MenuNode[], selectedKey: string | undefined): string[] {
  if (flattenMenu(nodes).length <= OPEN_ALL_UP_TO) return departmentKeys(nodes);
  return selectedKey ? (ancestorKeys(nodes, selectedKey) ?? []) : [];
}

export interface SideMenuProps {
  /** Folded to icons (the desktop sider's collapsed state). */
  collapsed: boolean;
  /** Called after an entry was chosen, so a drawer can close. */
  onChosen?: () => void;
}

/** Company mark and name above the user's menu (spec 000 section 2, Shell). */
export function SideMenu({ collapsed, onChosen }: SideMenuProps) {
  const { t } = useTranslation();
  const { user, menuNodes, menuItems } = useSession();
  const { pathname } = useLocation();
  const openTarget = useMenuAction();
  const selectedKey = menuKeyForPath(pathname, menuItems);
  const [openKeys, setOpenKeys] = useState(() => initialOpenKeys(menuNodes, selectedKey));
  const [shownKey, setShownKey] = useState(selectedKey);
  const items = useMemo(() => toMenuItems(menuNodes, t), [menuNodes, t]);
  const company = user.company.name || t('common.appName');

  // Opens the groups above a page reached some other way (a tab, the search, a link).
  if (selectedKey !== shownKey) {
    setShownKey(selectedKey);
    const above = selectedKey ? (ancestorKeys(menuNodes, selectedKey) ?? []) : [];
    if (above.some((key) => !openKeys.includes(key))) setOpenKeys([...new Set([...openKeys, ...above])]);
  }

  return (
    <div className={collapsed ? 'atrium-side is-collapsed' : 'atrium-side'}>
      <div className="atrium-brand" title={company}>
        <CompanyLogo logo={user.company.logo} name={company} size={28} />
        <span className="atrium-brand-name">{company}</span>
      </div>
      <div className="atrium-side-scroll">
        {menuNodes.length === 0 ? (
          <div className="atrium-menu-empty">{t('shell.menu.empty')}</div>
        ) : (
          <Menu
            mode="inline"
            theme="dark"
            inlineIndent={18}
            items={items}
            selectedKeys={selectedKey ? [selectedKey] : []}
            // Folded, the sider opens on hover instead of popping groups out.
            openKeys={collapsed ? [] : openKeys}
            onOpenChange={(keys) => {
              if (!collapsed) setOpenKeys(keys);
            }}
            onClick={({ key }) => {
              const item = menuItems.find((entry) => entry.key === key);
              if (!item) return;
              openTarget(item.target);
              onChosen?.();
            }}
          />
        )}
      </div>
    </div>
  );
}
