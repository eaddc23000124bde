import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { Branch } from '@atrium/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header';
import { useBranches } from '../api/branch.api';
import { BranchFormModal } from '../components/branch-form-modal';
import { BranchesTable, type BranchDialog } from '../components/branches-table';
import { CompaniesTable } from '../components/companies-table';
import { InstructionsModal } from '../components/instructions-modal';
import { MenuModal } from '../components/menu-modal';
import '../branch.css';

type Open = { dialog: 'create' } | { dialog: BranchDialog; branch: Branch } | null;

/** /branch (the boss menu's 'version management'): branches, their versions and release notes, their menus, and the companies on them. */
export function BranchPage() {
  const { t } = useTranslation();
  const branches = useBranches();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const list = branches.data ?? [];

  return (
    <div className="atrium-branch-page">
      <PageHeader
        title={t('branch.title')}
        subtitle={t('branch.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({ dialog: 'create' })} data-testid="branch-create">
            {t('branch.create')}
          </Button>
        }
      />
      <Card className="atrium-branch-card">
        <BranchesTable branches={list} isLoading={branches.isFetching} onOpen={(branch, dialog) => setOpen({ dialog, branch })} />
      </Card>
      <CompaniesTable branches={list} />
      {open?.dialog === 'create' ? <BranchFormModal branch={null} onClose={close} /> : null}
      {open?.dialog === 'edit' ? <BranchFormModal branch={open.branch} onClose={close} /> : null}
      {open?.dialog === 'instructions' ? <InstructionsModal branch={open.branch} onClose={close} /> : null}
      {open?.dialog === 'menu' ? <MenuModal branch={open.branch} onClose={close} /> : null}
    </div>
  );
}
