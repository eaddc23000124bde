import { SafetyCertificateOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { TEXT_MAX, type RoleTreeNode } from '@atrium/contract';
import { Input, Skeleton, Tag, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterRoles, parentIds } from '../role-tree';
import { EmptyState } from '../../../shared/ui/empty-state';

export interface RoleTreePanelProps {
  roles: RoleTreeNode[];
  isLoading: boolean;
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}

// rc-tree writes a node's `role` field onto its element as the ARIA role, so the record is `entry`.
interface RoleDataNode extends TreeDataNode {
  entry: RoleTreeNode;
  children: RoleDataNode[];
}

const toData = (nodes: readonly RoleTreeNode[]): RoleDataNode[] => nodes.map((entry) => ({ key: entry.id, entry, children: toData(entry.children) }));

/** The company's roles as a tree with member counts, filtered by a search box. */
export function RoleTreePanel({ roles, isLoading, selectedId, onSelect }: RoleTreePanelProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  // Roles start expanded; remember only what the user folded.
  const [folded, setFolded] = useState<ReadonlySet<number>>(() => new Set());
  const shown = useMemo(() => filterRoles(roles, keyword), [roles, keyword]);
  const searching = keyword.trim() !== '';
  const expandedKeys = parentIds(shown).filter((id) => searching || !folded.has(id));

  return (
    <div className="atrium-role-tree" data-testid="role-tree">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('role.tree.search')}
        maxLength={TEXT_MAX}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        data-testid="role-search"
      />
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      ) : shown.length === 0 ? (
        <EmptyState description={t(searching ? 'role.tree.noMatch' : 'role.tree.empty')} />
      ) : (
        <Tree<RoleDataNode>
          blockNode
          showLine
          treeData={toData(shown)}
          selectedKeys={selectedId === undefined ? [] : [selectedId]}
          expandedKeys={expandedKeys}
          onExpand={(_keys, { node, expanded }) => {
            const next = new Set(folded);
            if (expanded) next.delete(node.entry.id);
            else next.add(node.entry.id);
            setFolded(next);
          }}
          onSelect={(_keys, { node }) => onSelect(node.entry.id)}
          titleRender={({ entry: role }) => (
            <span className="atrium-role-node" data-testid={`role-node-${role.id}`}>
              <SafetyCertificateOutlined className="atrium-role-node-icon" />
              <span className="atrium-role-node-name" title={role.name}>
                {role.name}
              </span>
              {role.isDefault ? (
                <Tag variant="filled" color="processing" className="atrium-role-node-tag">
                  {t('role.default')}
                </Tag>
              ) : null}
              <span className="atrium-role-node-count" title={t('role.memberCount', { count: role.memberCount })}>
                <UserOutlined /> {role.memberCount}
              </span>
            </span>
          )}
        />
      )}
    </div>
  );
}
