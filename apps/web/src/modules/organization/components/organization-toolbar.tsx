import { TEXT_MAX } from '@atrium/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

export interface OrganizationToolbarProps {
  keyword: string;
  onKeywordChange: (value: string) => void;
  placeholder: string;
  isTruncated: boolean;
}

/** The search box of both organisation pages, and the note when the company is larger than one answer. */
export function OrganizationToolbar({ keyword, onKeywordChange, placeholder, isTruncated }: OrganizationToolbarProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="atrium-toolbar">
        <ToolbarSearch value={keyword} onChange={onKeywordChange} label={placeholder} maxLength={TEXT_MAX} data-testid="organization-search" />
      </div>
      {isTruncated ? <Alert type="warning" showIcon title={t('organization.truncated')} data-testid="organization-truncated" /> : null}
    </>
  );
}
