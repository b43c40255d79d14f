import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ORG_MSG } from '@eo/contract';
import { renderPage } from '../../test/render-page';
import { ME } from '../../test/organizations';
import { bodyOf, json, mockApi } from './organization.fixture';
import { ProfilePage } from './ProfilePage';

afterEach(() => vi.unstubAllGlobals());

const profile = () => json(200, { data: { result: { userId: ME.userId, email: ME.email, name: ME.name, organizations: [{ id: 'o1', name: 'Panitia Festival', role: 'finance' }] } } });

describe('ProfilePage', () => {
  it('shows the user, their organizations with roles, and changes the password', async () => {
    const api = mockApi({
      'GET /v1/profile': profile,
      'POST /v1/password/change': () => json(200, { data: null, message: ORG_MSG.passwordChanged }),
    });
    const { user } = renderPage(<ProfilePage />);
    await screen.findByText('Panitia Festival');
    screen.getByText('Keuangan');
    screen.getByText(ME.email);

    await user.type(screen.getByLabelText('Password saat ini'), 'lama-sekali');
    await user.type(screen.getByLabelText('Password baru'), 'rahasia-baru');
    await user.type(screen.getByLabelText('Ulangi password baru'), 'rahasia-baru');
    await user.click(screen.getByRole('button', { name: 'Simpan password' }));
    await screen.findByText(ORG_MSG.passwordChanged);
    const sent = api.calls().find((c) => c.key === 'POST /v1/password/change')!;
    expect(bodyOf(sent.init)).toEqual({ currentPassword: 'lama-sekali', newPassword: 'rahasia-baru' });
  });

  it('shows the refusal of a wrong current password', async () => {
    mockApi({
      'GET /v1/profile': profile,
      'POST /v1/password/change': () => json(400, { message: ORG_MSG.currentPasswordWrong, messageId: 'CURRENT_PASSWORD_WRONG' }),
    });
    const { user } = renderPage(<ProfilePage />);
    await user.type(screen.getByLabelText('Password saat ini'), 'salah-salah');
    await user.type(screen.getByLabelText('Password baru'), 'rahasia-baru');
    await user.type(screen.getByLabelText('Ulangi password baru'), 'rahasia-baru');
    await user.click(screen.getByRole('button', { name: 'Simpan password' }));
    await waitFor(() => screen.getByText(ORG_MSG.currentPasswordWrong));
  });
});
