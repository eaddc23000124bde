import SearchOutlined from '@ant-design/icons/SearchOutlined';
import Input from 'antd/es/input';

export interface ToolbarSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** What is searched ("Name or e-mail"): the placeholder and the field's accessible name. */
  label: string;
  /** The longest text the list's query takes (its contract's `max`), so a long search is cut here, not refused. */
  maxLength: number;
  'data-testid': string;
}

/**
 * The search field of a list's toolbar: the same width, icon and clear button on every page, and always
 * labelled for screen readers (a placeholder alone is not a label).
 */
export function ToolbarSearch({ value, onChange, label, maxLength, 'data-testid': testId }: ToolbarSearchProps) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      maxLength={maxLength}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={label}
      aria-label={label}
      className="atrium-toolbar-search"
      data-testid={testId}
    />
  );
}
