import { SearchOutlined } from '@ant-design/icons';
import { TEXT_MAX } from '@atrium/contract';
import { Alert, Input } from 'antd';
import { useTranslation } from 'react-i18next';

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
        <Input
          allowClear
          prefix={<SearchOutlined />}
          maxLength={TEXT_MAX}
          value={keyword}
          onChange={(event) => onKeywordChange(event.target.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          className="atrium-toolbar-search"
          data-testid="organization-search"
        />
      </div>
      {isTruncated ? <Alert type="warning" showIcon title={t('organization.truncated')} data-testid="organization-truncated" /> : null}
    </>
  );
}
