import { FILTER_DEBOUNCE_MS, LOG_TIME_FORMAT, type Branch, type StoreCompany } from '@atrium/contract';
import { App, Button, Card, Input, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { useCompanies, useUpdateBranch } from '../api/branch.api';

/** getStoreList: the installation's companies with their branch; selected ones move to another branch. */
export function CompaniesTable({ branches }: { branches: Branch[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [branchId, setBranchId] = useState<number>();
  const [selected, setSelected] = useState<number[]>([]);
  const [target, setTarget] = useState<number>();
  const filters = { keyword: useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS) || undefined, branchId };
  const paging = usePagination(filters);
  const companies = useCompanies({ ...paging.request, ...filters });
  const update = useUpdateBranch();
  const branchOptions = branches.map((branch) => ({ value: branch.id, label: branch.name }));

  async function move() {
    const branch = branches.find((candidate) => candidate.id === target);
    if (!branch) return;
    await update.mutateAsync({ id: branch.id, name: branch.name, description: branch.description, companyIds: selected });
    void message.success(t('branch.companies.moved', { name: branch.name }));
    setSelected([]);
  }

  const columns: ColumnsType<StoreCompany> = [
    { key: 'name', title: t('branch.companies.name'), dataIndex: 'name' },
    { key: 'domain', title: t('branch.companies.domain'), dataIndex: 'domain', responsive: ['md'] },
    { key: 'branch', title: t('branch.companies.branch'), dataIndex: 'branchName' },
    { key: 'version', title: t('branch.companies.version'), dataIndex: 'version' },
    { key: 'users', title: t('branch.companies.users'), dataIndex: 'userCount', responsive: ['sm'] },
    { key: 'createdAt', title: t('branch.companies.createdAt'), render: (_, company) => dayjs(company.createdAt).format(LOG_TIME_FORMAT), responsive: ['lg'] },
  ];

  return (
    <Card title={t('branch.companies.title')} className="atrium-branch-card">
      <Space wrap className="atrium-branch-toolbar">
        <Input.Search allowClear placeholder={t('branch.companies.keyword')} value={keyword} onChange={(event) => setKeyword(event.target.value)} data-testid="companies-keyword" />
        <Select allowClear placeholder={t('branch.companies.branchFilter')} options={branchOptions} value={branchId} onChange={setBranchId} className="atrium-branch-select" data-testid="companies-branch" />
        <Select placeholder={t('branch.companies.moveTo')} options={branchOptions} value={target} onChange={setTarget} className="atrium-branch-select" data-testid="companies-target" />
        <Button type="primary" disabled={selected.length === 0 || target === undefined} loading={update.isPending} onClick={() => void move()} data-testid="companies-move">
          {t('branch.companies.move', { count: selected.length })}
        </Button>
      </Space>
      <DataTable<StoreCompany>
        rowKey="id"
        columns={columns}
        dataSource={companies.data?.list ?? []}
        loading={companies.isFetching}
        pagination={paging.tablePagination(companies.data?.total ?? 0)}
        onChange={paging.onTableChange}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={tableEmpty(t('branch.companies.empty'))}
        onRow={(company) => ({ 'data-testid': `company-row-${company.id}` }) as object}
      />
    </Card>
  );
}
