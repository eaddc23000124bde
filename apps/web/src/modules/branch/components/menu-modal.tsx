import { BRANCH_MENU_KEYS, MENU_CATALOGUE, type Branch, type MenuNode } from '@atrium/contract';
import { Checkbox, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetBranchMenu } from '../api/branch.api';

/** The built entries of the catalogue a branch may withhold, by group (a top-level page is a group of its own). */
function entryGroups(): { key: string; entries: string[] }[] {
  const offerable = (nodes: readonly MenuNode[]): string[] =>
    nodes.flatMap((node) => (node.children ? offerable(node.children) : node.isBuilt && BRANCH_MENU_KEYS.includes(node.key) ? [node.key] : []));
  return MENU_CATALOGUE.map((node) => ({ key: node.key, entries: offerable([node]) })).filter((group) => group.entries.length > 0);
}

/** `menuPermissions`: which menu entries a branch offers; every entry, or those ticked. */
export function MenuModal({ branch, onClose }: { branch: Branch; onClose: () => void }) {
  const { t } = useTranslation();
  const setMenu = useSetBranchMenu();
  const [isEvery, setEvery] = useState(branch.menuKeys === null);
  const [chosen, setChosen] = useState<string[]>(branch.menuKeys ?? [...BRANCH_MENU_KEYS]);
  const groups = entryGroups();

  const save = () => setMenu.mutateAsync({ branchId: branch.id, menuKeys: isEvery ? null : chosen }).then(onClose);

  return (
    <Modal
      open
      width={720}
      title={t('branch.menuTitle', { name: branch.name })}
      okText={t('branch.save')}
      cancelText={t('branch.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={setMenu.isPending}
      okButtonProps={{ 'data-testid': 'menu-save' }}
    >
      <p>{t('branch.menuHelp')}</p>
      <label className="atrium-branch-menu-every">
        <Switch checked={isEvery} onChange={setEvery} data-testid="menu-every" /> {t('branch.menuEvery')}
      </label>
      <div className="atrium-branch-menu-groups">
        {groups.map((group) => (
          <fieldset key={group.key} className="atrium-branch-menu-group" disabled={isEvery}>
            <legend>{t(`menu.${group.key}`)}</legend>
            <Checkbox.Group
              value={isEvery ? group.entries : chosen.filter((key) => group.entries.includes(key))}
              onChange={(values) => setChosen((current) => [...current.filter((key) => !group.entries.includes(key)), ...values])}
              options={group.entries.map((key) => ({ value: key, label: <span data-testid={`menu-entry-${key}`}>{t(`menu.${key}`)}</span> }))}
            />
          </fieldset>
        ))}
      </div>
    </Modal>
  );
}
