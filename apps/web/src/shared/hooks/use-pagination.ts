import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@atrium/contract';
import type { TablePaginationConfig } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Page and page size of a server-paged table (spec 000 section 9: 15 by default, 15/50/100,
 * prev, pager, next and total). The page goes back to 1 whenever `filters` change.
 */
export function usePagination(filters: unknown) {
  const { t } = useTranslation();
  const [state, setState] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE as number, filters: JSON.stringify(filters) });
  const filterKey = JSON.stringify(filters);
  // A new filter starts again from the first page (adjusted while rendering, no effect needed).
  if (state.filters !== filterKey) setState({ ...state, page: 1, filters: filterKey });
  const page = state.filters === filterKey ? state.page : 1;

  const goToPage = useCallback((next: number) => setState((current) => ({ ...current, page: next })), []);

  return {
    request: { page, pageSize: state.pageSize },
    /** Shows another page (see usePageInRange). */
    goToPage,
    tablePagination: (total: number): TablePaginationConfig => ({
      current: page,
      pageSize: state.pageSize,
      total,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES.map(String),
      showTotal: (count) => t('common.table.total', { count }),
      hideOnSinglePage: false,
    }),
    onTableChange: (pagination: TablePaginationConfig) =>
      setState((current) => ({
        ...current,
        page: pagination.pageSize !== current.pageSize ? 1 : (pagination.current ?? 1),
        pageSize: pagination.pageSize ?? current.pageSize,
      })),
  };
}
