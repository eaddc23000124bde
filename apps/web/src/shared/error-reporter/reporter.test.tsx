import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageError } from '../../app/shell/page-error';
import { errorReporter, reportRequestFailure } from './reporter';

afterEach(() => vi.restoreAllMocks());

describe('the console reporter', () => {
  it('reports a page that failed to draw from the error boundary', async () => {
    const capture = vi.spyOn(errorReporter, 'capture');
    const Broken = () => {
      throw new Error('render exploded');
    };
    const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: PageError }]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RouterProvider router={router} />);
    await screen.findByTestId('page-error');
    expect(capture).toHaveBeenCalledWith('render', 'Error: render exploded', expect.stringContaining('render exploded'));
  });

  it('words a failed request without its query, and never reports its own report', () => {
    const capture = vi.spyOn(errorReporter, 'capture');
    reportRequestFailure('GET', '/report/list?token=abc', 502);
    reportRequestFailure('POST', '/frontend-log/report', 0);
    expect(capture.mock.calls).toEqual([['request', 'GET /api/report/list → 502']]);
  });
});
