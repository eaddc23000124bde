import {
  ApartmentOutlined,
  BankOutlined,
  BuildOutlined,
  ClusterOutlined,
  EnvironmentOutlined,
  GlobalOutlined,
  MoreOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { LocationNode } from '@atrium/contract';
import { Button, Dropdown, Tree, type MenuProps, type TreeDataNode } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionKey, actionLabelKey, actionsFor, type LocationAction } from './location-actions';

const LEVEL_ICONS: Record<number, ReactNode> = {
  0: <ApartmentOutlined />,
  1: <GlobalOutlined />,
  2: <EnvironmentOutlined />,
  3: <ClusterOutlined />,
  5: <BankOutlined />,
  6: <BuildOutlined />,
  7: <TeamOutlined />,
};

/** The virtual root (level 0) that holds the countries. */
export const ROOT_KEY = 'root';

export interface LocationTreeProps {
  /** Loaded children by parent id ('root' for the countries). */
  children: Map<string, LocationNode[]>;
  selectedKey: string;
  expandedKeys: string[];
  canEdit: boolean;
  onExpand: (keys: string[]) => void;
  onLoad: (node: LocationNode | null) => Promise<void>;
  onSelect: (node: LocationNode | null) => void;
  onAction: (action: LocationAction, node: LocationNode | null) => void;
}

type Node = TreeDataNode & { location: LocationNode | null; position: { isFirst: boolean; isLast: boolean } };

const keyOf = (node: LocationNode | null) => (node ? String(node.id) : ROOT_KEY);

/** The location tree: loads each level when opened, icons per level, a context menu on right click and on the … button. */
export function LocationTree({ children, selectedKey, expandedKeys, canEdit, onExpand, onLoad, onSelect, onAction }: LocationTreeProps) {
  const { t } = useTranslation();

  const treeData = useMemo(() => {
    const build = (parentKey: string): Node[] | undefined => {
      const list = children.get(parentKey);
      if (!list) return undefined;
      return list.map((location, index) => ({
        key: String(location.id),
        title: location.locationName,
        isLeaf: !location.hasChildren,
        location,
        position: { isFirst: index === 0, isLast: index === list.length - 1 },
        children: build(String(location.id)),
      }));
    };
    const root: Node = { key: ROOT_KEY, title: t('location.tree.root'), location: null, position: { isFirst: true, isLast: true }, children: build(ROOT_KEY) };
    return [root];
  }, [children, t]);

  const menu = (node: Node): MenuProps => {
    const level = node.location?.level ?? 0;
    const actions = canEdit ? actionsFor(level) : [];
    return {
      items: actions.map((action) => ({
        key: actionKey(action),
        label: t(actionLabelKey(action)),
        danger: action.kind === 'delete',
        disabled: (action.kind === 'moveUp' && node.position.isFirst) || (action.kind === 'moveDown' && node.position.isLast),
        'data-testid': `location-action-${actionKey(action)}`,
      })),
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        const action = actions.find((candidate) => actionKey(candidate) === key);
        if (action) onAction(action, node.location);
      },
    };
  };

  return (
    <Tree<Node>
      className="location-tree"
      blockNode
      showIcon
      treeData={treeData}
      expandedKeys={expandedKeys}
      onExpand={(keys) => onExpand(keys.map(String))}
      selectedKeys={[selectedKey]}
      loadData={(node) => onLoad(node.location)}
      onSelect={(_, info) => onSelect(info.node.location)}
      icon={(props) => LEVEL_ICONS[(props as unknown as { data: Node }).data.location?.level ?? 0]}
      titleRender={(node) => {
        const label = node.location?.locationName ?? t('location.tree.root');
        const content = (
          <span className="location-tree-node" data-testid={`location-node-${keyOf(node.location)}`}>
            <span className="location-tree-name" title={label}>
              {label}
            </span>
            {canEdit ? (
              <Dropdown menu={menu(node)} trigger={['click']}>
                <Button
                  type="text"
                  size="small"
                  icon={<MoreOutlined />}
                  aria-label={t('location.tree.more', { name: label })}
                  onClick={(event) => event.stopPropagation()}
                  data-testid={`location-node-actions-${keyOf(node.location)}`}
                />
              </Dropdown>
            ) : null}
          </span>
        );
        return canEdit ? (
          <Dropdown menu={menu(node)} trigger={['contextMenu']}>
            {content}
          </Dropdown>
        ) : (
          content
        );
      }}
    />
  );
}
