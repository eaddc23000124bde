import { MoreOutlined } from '@ant-design/icons';
import type { GroupNode } from '@atrium/contract';
import { Button, Dropdown, Tag, Tree, type MenuProps, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorChip } from './color-chip';

export type DepartmentAction = 'open' | 'addChild' | 'edit' | 'delete';

export interface DepartmentTreeProps {
  nodes: GroupNode[];
  selectedId: number | null;
  canEdit: boolean;
  onSelect: (node: GroupNode | null) => void;
  onAction: (action: DepartmentAction, node: GroupNode) => void;
}

type Node = TreeDataNode & { group: GroupNode };

const toTreeData = (nodes: GroupNode[]): Node[] =>
  nodes.map((group) => ({ key: group.id, title: group.name, group, children: toTreeData(group.children) }));

/** The department tree: colour chip, name, code, members (own / with sub-departments), and a menu of actions. */
export function DepartmentTree({ nodes, selectedId, canEdit, onSelect, onAction }: DepartmentTreeProps) {
  const { t } = useTranslation();
  const treeData = useMemo(() => toTreeData(nodes), [nodes]);

  const menu = (group: GroupNode): MenuProps => ({
    items: [
      { key: 'open', label: t('department.actions.open') },
      ...(canEdit
        ? [
            { key: 'addChild', label: t('department.actions.addChild') },
            { key: 'edit', label: t('department.actions.edit') },
            { type: 'divider' as const },
            { key: 'delete', label: t('department.actions.delete'), danger: true },
          ]
        : []),
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      onAction(key as DepartmentAction, group);
    },
  });

  return (
    <Tree<Node>
      className="group-tree"
      blockNode
      defaultExpandAll
      showLine
      treeData={treeData}
      selectedKeys={selectedId === null ? [] : [selectedId]}
      onSelect={(_, info) => onSelect(info.selected ? info.node.group : null)}
      titleRender={(node) => {
        const group = node.group;
        return (
          <span className="group-tree-node" data-testid={`group-node-${group.id}`}>
            <ColorChip color={group.styleColor} />
            <span className="group-tree-name" title={group.name}>
              {group.name}
            </span>
            {group.groupCode ? <Tag className="group-tree-code">{group.groupCode}</Tag> : null}
            <span className="group-tree-count" title={t('department.counts.tooltip', { own: group.memberCount, total: group.totalMemberCount })}>
              {group.leaf ? group.memberCount : `${group.memberCount} / ${group.totalMemberCount}`}
            </span>
            <Dropdown menu={menu(group)} trigger={['click']}>
              <Button
                type="text"
                size="small"
                icon={<MoreOutlined />}
                aria-label={t('department.actions.more', { name: group.name })}
                onClick={(event) => event.stopPropagation()}
                data-testid="group-node-actions"
              />
            </Dropdown>
          </span>
        );
      }}
    />
  );
}
