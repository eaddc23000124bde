import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

const LONG = 'Panorama boardroom overlooking the river terrace '.repeat(6).trim();

describe('DataTable (issue 17: long names)', () => {
  it('cuts a long text value with the whole of it on hover, and pins the actions column to the right', () => {
    render(
      <DataTable<{ id: number; name: string }>
        rowKey="id"
        pagination={false}
        dataSource={[{ id: 1, name: LONG }]}
        columns={[
          { key: 'name', title: 'Room', dataIndex: 'name' },
          { key: 'note', title: 'Note', render: () => <em>{LONG}</em> },
          { key: 'actions', title: 'Actions', render: () => <button type="button">Edit</button> },
        ]}
      />,
    );
    const name = screen.getByTitle(LONG);
    expect(name).toHaveClass('atrium-truncate');
    expect(name.closest('.atrium-cell')).not.toBeNull();
    // Other content is held to the cell's limit too.
    expect(screen.getByText(LONG, { selector: 'em' }).closest('.atrium-cell')).not.toBeNull();
    const actions = screen.getByRole('button', { name: 'Edit' }).closest('td')!;
    expect(actions).toHaveClass('atrium-actions-column');
    expect(actions.className).toMatch(/ant-table-cell-fix-(right|end)/);
    expect(actions.querySelector('.atrium-actions-cell')).not.toBeNull();
  });

  it('is the one table: no page uses antd Table directly', () => {
    const sources = import.meta.glob(['../../**/*.tsx', '!../../**/*.test.tsx', '!./data-table.tsx'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const direct = Object.entries(sources).filter(([, source]) => /import \{[^}]*\bTable\b[^}]*\} from 'antd'|<Table[\s<]/.test(source));
    expect(direct.map(([path]) => path)).toEqual([]);
  });
});
