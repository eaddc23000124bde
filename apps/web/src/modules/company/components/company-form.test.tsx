import type { CompanyInfo } from '@atrium/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unsavedStore } from '../../../shared/forms/unsaved-store';
import { PageTabContext } from '../../../shared/routing/page-tab';
import { renderWithProviders, stubApi } from '../../../test/render';
import { CompanyForm } from './company-form';

afterEach(() => {
  unsavedStore.discard();
  vi.restoreAllMocks();
});

const COMPANY: CompanyInfo = {
  id: 1,
  companyName: 'Harbourview',
  logo: null,
  address: '2 Southwark Bridge Road',
  postalCode: null,
  country: 'United Kingdom',
  industry: null,
  companyDomain: 'harbourview',
  sizeBand: '21-50',
  billingEmail: 'billing@harbourview.example',
  supportEmail: null,
  emergencyEmail: null,
  updatedAt: 0,
};

describe('CompanyForm', { timeout: 20_000 }, () => {
  it('checks the required fields, the domain and the contact e-mails before sending', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'POST /company/updateCompany': { result: COMPANY } });
    renderWithProviders(<CompanyForm company={COMPANY} canEdit />);
    await user.clear(screen.getByTestId('company-name'));
    await user.clear(screen.getByTestId('company-address'));
    await user.clear(screen.getByTestId('company-domain'));
    await user.type(screen.getByTestId('company-domain'), 'bad_domain');
    await user.clear(screen.getByTestId('company-billingEmail'));
    await user.type(screen.getByTestId('company-supportEmail'), 'not-an-email');
    await user.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('Please enter the company name')).toBeInTheDocument();
    expect(screen.getByText('Please enter the company address')).toBeInTheDocument();
    expect(screen.getByText('Use 2 to 14 letters, digits or hyphens')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid e-mail address')).toBeInTheDocument();
    await user.clear(screen.getByTestId('company-supportEmail'));
    await user.click(screen.getByTestId('company-submit'));
    expect((await screen.findAllByText('At least one contact e-mail is required')).length).toBeGreaterThan(0);
    expect(seen).toHaveLength(0);
  });

  it('sends every field and refreshes the current user for the side menu', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'POST /company/updateCompany': ({ body }) => ({ result: { ...COMPANY, ...(body as object) } }),
      'GET /user/getCurrentUserInfo': { result: null },
    });
    renderWithProviders(<CompanyForm company={COMPANY} canEdit />);
    await user.type(screen.getByTestId('company-postal-code'), 'SE1 9HA');
    await user.click(screen.getByTestId('company-submit'));
    await waitFor(() => expect(seen.filter((request) => request.path === '/company/updateCompany')).toHaveLength(1));
    expect(seen[0]!.body).toEqual({
      companyName: 'Harbourview',
      address: '2 Southwark Bridge Road',
      logo: null,
      postalCode: 'SE1 9HA',
      country: 'United Kingdom',
      industry: '',
      companyDomain: 'harbourview',
      sizeBand: '21-50',
      billingEmail: 'billing@harbourview.example',
      supportEmail: '',
      emergencyEmail: '',
    });
    expect(await screen.findByText('Company information saved')).toBeInTheDocument();
  });

  it("marks the company tab unsaved while a field is changed, and clean again once saved (issue 17)", async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /company/updateCompany': ({ body }) => ({ result: { ...COMPANY, ...(body as object) } }),
      'GET /user/getCurrentUserInfo': { result: null },
    });
    renderWithProviders(
      <PageTabContext value="/company">
        <CompanyForm company={COMPANY} canEdit />
      </PageTabContext>,
    );
    fireEvent.change(screen.getByTestId('company-industry'), { target: { value: 'Shipping' } });
    await waitFor(() => expect(unsavedStore.isDirty(['/company'])).toBe(true));
    expect(unsavedStore.isDirty(['/index'])).toBe(false);
    // Put back as it was (empty), the form is clean.
    fireEvent.change(screen.getByTestId('company-industry'), { target: { value: '' } });
    await waitFor(() => expect(unsavedStore.isDirty(['/company'])).toBe(false));
    fireEvent.change(screen.getByTestId('company-industry'), { target: { value: 'Shipping' } });
    await user.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('Company information saved')).toBeInTheDocument();
    await waitFor(() => expect(unsavedStore.isDirty()).toBe(false));
  });

  it('uploads a logo and shows it; refuses a GIF before sending', async () => {
    const seen = stubApi({ 'POST /upload': { result: { fileUrl: '/api/upload/files/1/abcdefabcdefabcdef.png', fileName: 'logo.png', size: 10, mimeType: 'image/png' } } });
    const { container } = renderWithProviders(<CompanyForm company={COMPANY} canEdit />);
    const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Please upload png, jpeg, jpg format file')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
    // The upload replaces its file input after each choice.
    const fresh = container.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(fresh, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(seen).toHaveLength(1), { timeout: 5000 });
    expect(await screen.findByTestId('company-logo-preview')).toHaveAttribute('src', '/api/upload/files/1/abcdefabcdefabcdef.png');
    expect(seen[0]!.path).toBe('/upload');
  });

  it('is read-only without the edit permission', () => {
    renderWithProviders(<CompanyForm company={COMPANY} canEdit={false} />);
    expect(screen.queryByTestId('company-submit')).toBeNull();
    expect(screen.getByTestId('company-name')).toBeDisabled();
  });
});
