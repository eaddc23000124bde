import { Button, Table } from 'antd';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { EmptyState } from './empty-state';

// Every component's source, to hold the whole console to the one empty state.
const sources = import.meta.glob<string>('../../**/*.tsx', { query: '?raw', import: 'default', eager: true });

describe('the empty state', () => {
  it('says what is missing and offers the next step', () => {
    renderWithProviders(<EmptyState description="No meetings this week" action={<Button>Book a meeting</Button>} />);
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No meetings this week');
    expect(screen.getByRole('button', { name: 'Book a meeting' })).toBeInTheDocument();
  });

  it('is what a table without its own empty text shows', () => {
    renderWithProviders(<Table rowKey="id" columns={[{ dataIndex: 'name', title: 'Name' }]} dataSource={[]} />);
    expect(screen.getByTestId('empty-state')).toHaveTextContent('Nothing here yet');
  });

  it('is the only empty state in the console: no list draws its own', () => {
    const files = Object.keys(sources).filter((file) => !file.endsWith('.test.tsx') && file !== './empty-state.tsx');
    expect(files.length).toBeGreaterThan(50);
    const ownEmpty = files.filter((file) => /<Empty\b|emptyText\s*:|Empty\.PRESENTED_IMAGE/.test(sources[file]!));
    expect(ownEmpty).toEqual([]);
  });
});
