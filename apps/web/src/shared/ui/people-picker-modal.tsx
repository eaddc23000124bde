import { SearchOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, TEXT_MAX, type Page } from '@atrium/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Input, Modal, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../forms/unsaved-changes';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { usePagination } from '../hooks/use-pagination';
import './people-picker-modal.css';
import { DataTable, TruncatedText } from './data-table';

/** What every picked person shows: a name with the user name under it, and an e-mail. */
export interface PickablePerson {
  fullName: string;
  userName: string;
  email: string | null;
}

/** One page of the search, as the candidate hooks take it. */
export interface PeopleSearchRequest {
  page: number;
  pageSize: number;
  keyword: string;
}

export interface PeoplePickerModalProps<T extends PickablePerson> {
  title: ReactNode;
  /** The OK button's text for the number of people chosen. */
  okText: (count: number) => ReactNode;
  /** A hint above the search box. */
  hint?: ReactNode;
  searchPlaceholder: string;
  /** Prefix of the test ids: `<prefix>`, `<prefix>-search`, `<prefix>-submit`, `<prefix>-candidate-<id>`. */
  testId: string;
  /** Reads one page of candidates for the search. */
  useCandidates: (request: PeopleSearchRequest) => UseQueryResult<Page<T>>;
  idOf: (person: T) => number;
  /** Who can't be chosen (already on the list, no e-mail, ...). */
  isDisabled: (person: T) => boolean;
  /** Column titles of the name and e-mail columns, and the one column that differs per use. */
  nameTitle: string;
  emailTitle: string;
  extraColumn: TableColumnsType<T>[number];
  /** Does the work for the chosen ids; the modal closes when it resolves, stays open when it throws. */
  onSubmit: (ids: number[]) => Promise<void>;
  isSubmitting: boolean;
  onClose: () => void;
}

/** Searches the company's people page by page and hands the chosen ones to `onSubmit`; asks before a choice is dropped. */
export function PeoplePickerModal<T extends PickablePerson>(props: PeoplePickerModalProps<T>) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebouncedValue(keyword, FILTER_DEBOUNCE_MS);
  const paging = usePagination(debounced);
  const candidates = props.useCandidates({ ...paging.request, keyword: debounced });
  const [chosen, setChosen] = useState<number[]>([]);
  const { confirmLeave } = useUnsavedChanges(chosen.length > 0);

  const submit = async () => {
    await props.onSubmit(chosen);
    props.onClose();
  };

  return (
    <Modal
      open
      width={720}
      title={props.title}
      okText={props.okText(chosen.length)}
      okButtonProps={{ disabled: chosen.length === 0, 'data-testid': `${props.testId}-submit` }}
      cancelText={t('common.actions.cancel')}
      confirmLoading={props.isSubmitting}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => confirmLeave(props.onClose)}
      destroyOnHidden
    >
      <div className="atrium-people-picker" data-testid={props.testId}>
        {props.hint ? <Alert type="info" showIcon title={props.hint} /> : null}
        <Input
          allowClear
          autoFocus
          prefix={<SearchOutlined />}
          placeholder={props.searchPlaceholder}
          maxLength={TEXT_MAX}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          data-testid={`${props.testId}-search`}
        />
        <DataTable<T>
          size="small"
          rowKey={props.idOf}
          loading={candidates.isFetching}
          dataSource={candidates.data?.list ?? []}
          rowSelection={{
            selectedRowKeys: chosen,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setChosen(keys as number[]),
            getCheckboxProps: (person) => ({ disabled: props.isDisabled(person), 'aria-label': person.fullName }),
          }}
          pagination={paging.tablePagination(candidates.data?.total ?? 0)}
          onChange={paging.onTableChange}
          columns={[
            {
              key: 'name',
              title: props.nameTitle,
              render: (_, person) => (
                <span className="atrium-person" data-testid={`${props.testId}-candidate-${props.idOf(person)}`}>
                  <TruncatedText text={person.fullName} />
                  <TruncatedText text={person.userName} className="atrium-muted" />
                </span>
              ),
            },
            { key: 'email', title: props.emailTitle, render: (_, person) => person.email ?? '' },
            props.extraColumn,
          ]}
        />
      </div>
    </Modal>
  );
}
