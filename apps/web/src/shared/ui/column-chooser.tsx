import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { preferencesStore, usePreferences } from '../preferences/preferences-store';

export interface ColumnChoice {
  key: string;
  title: string;
}

/** The columns a user hid on the table of `route`, saved in the local preferences. */
export function useHiddenColumns(route: string): string[] {
  return usePreferences().columns[route] ?? [];
}

export interface ColumnChooserProps {
  route: string;
  columns: ColumnChoice[];
  /** Title of the chooser, also the button's accessible name. */
  title: string;
  testId?: string;
}

/** A button with a checkbox per column; the choice is saved per user and page. */
export function ColumnChooser({ route, columns, title, testId }: ColumnChooserProps) {
  const hidden = useHiddenColumns(route);
  const toggle = (key: string, visible: boolean) =>
    preferencesStore.update((current) => {
      const now = current.columns[route] ?? [];
      const next = visible ? now.filter((item) => item !== key) : [...new Set([...now, key])];
      return { columns: { ...current.columns, [route]: next } };
    });
  const content = (
    <div className="atrium-column-chooser">
      {columns.map((column) => (
        <Checkbox
          key={column.key}
          checked={!hidden.includes(column.key)}
          onChange={(event) => toggle(column.key, event.target.checked)}
          data-testid={testId ? `${testId}-${column.key}` : undefined}
        >
          {column.title}
        </Checkbox>
      ))}
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={title}>
      <Button icon={<SettingOutlined />} data-testid={testId} aria-label={title} />
    </Popover>
  );
}
