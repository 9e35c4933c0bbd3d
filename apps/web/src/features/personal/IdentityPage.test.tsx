import '../../i18n/test-i18n.ts';
import { authRealname, KycStatus, kycConfig } from '@opex/contract/calls/security';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publicInfoQuery } from '../../api/common.ts';
import { userInfoQuery } from '../../api/user.ts';
import { renderRouted } from '../../ui/testing/render-routed.tsx';
import IdentityPage from './IdentityPage.tsx';

const calls = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('../../api/call.ts', async (original) => ({
  ...(await original<typeof import('../../api/call.ts')>()),
  invoke: calls.invoke,
}));

function renderPage(form: { review: 'manual' | 'auto'; certificateTypes: number[]; photosRequired: boolean }) {
  calls.invoke.mockImplementation(async (call: { name: string } | undefined) => {
    // Reads the page does not depend on here (the user's refresh) answer nothing.
    if (!call) return null;
    if (call.name === kycConfig.name) return { nameVerifiedType: form.review === 'auto' ? '02' : '10', ...form };
    if (call.name === authRealname.name) return null;
    throw new Error(`unexpected call ${call.name}`);
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(publicInfoQuery.queryKey, {
    switch: {},
    msg: { default_country_code: '+44' },
    limitCountryList: [],
  });
  client.setQueryData(userInfoQuery.queryKey, { authLevel: KycStatus.none, googleStatus: 0 });
  const router = createMemoryRouter([{ path: '/personal/idAuth', element: <IdentityPage /> }], {
    initialEntries: ['/personal/idAuth'],
  });
  renderRouted(client, router);
}

describe('identity verification form', { timeout: 30_000 }, () => {
  beforeEach(() => calls.invoke.mockReset());

  it('under simplified verification offers the accepted documents only and sends no images', async () => {
    renderPage({ review: 'auto', certificateTypes: [2], photosRequired: false });
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Document type' })).toHaveTextContent('Passport');
    expect(screen.queryByText('Front side')).toBeNull();
    await userEvent.type(screen.getByLabelText('Full name as on the document'), 'Ann Example');
    await userEvent.type(screen.getByLabelText('Document number'), 'P123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(calls.invoke).toHaveBeenCalledWith(authRealname, {
      realName: 'Ann Example',
      countryCode: expect.any(String),
      certificateType: 2,
      certificateNumber: 'P123',
    });
  });

  it('under manual review asks for the three images before it submits', async () => {
    renderPage({ review: 'manual', certificateTypes: [1, 2, 3], photosRequired: true });
    expect(await screen.findByRole('button', { name: 'Submit for review' })).toBeVisible();
    expect(screen.getByText('Front side')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Full name as on the document'), 'Ann Example');
    await userEvent.type(screen.getByLabelText('Document number'), 'P123');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(screen.getByText('Upload all three images.')).toBeVisible();
    expect(calls.invoke).not.toHaveBeenCalledWith(authRealname, expect.anything());
  });
});
