import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ToolbarSearch } from './toolbar-search';

// Every component's source, to hold the console's list toolbars to the one search field.
const sources = import.meta.glob<string>('../../**/*.tsx', { query: '?raw', import: 'default', eager: true });

function Searched() {
  const [value, setValue] = useState('');
  return (
    <>
      <ToolbarSearch value={value} onChange={setValue} label="Name or e-mail" maxLength={5} data-testid="search" />
      <output data-testid="searched">{value}</output>
    </>
  );
}

describe('the toolbar search', () => {
  it('is labelled by what it searches, cuts the text at the query’s limit and clears', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Searched />);
    const field = screen.getByRole('textbox', { name: 'Name or e-mail' });
    expect(field).toHaveAttribute('placeholder', 'Name or e-mail');
    await user.type(field, 'Nightingale');
    expect(screen.getByTestId('searched')).toHaveTextContent(/^Night$/);
    await user.click(screen.getByRole('button', { name: /close-circle/ }));
    expect(screen.getByTestId('searched')).toBeEmptyDOMElement();
  });

  it('is the only search field of a list toolbar: no page draws its own', () => {
    const files = Object.keys(sources).filter((file) => !file.endsWith('.test.tsx') && file !== './toolbar-search.tsx');
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((file) => sources[file]!.includes('atrium-toolbar-search'))).toEqual([]);
  });
});
