import { router } from '@inertiajs/react'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { renderPage } from '../../test/render-page'
import { sharedProps, user } from '../../test/fixtures'
import EmailConfirm from './email-confirm'
import AccountPage from './index'

const account = {
  email: 'camille@example.fr', name: 'Camille', surname: 'Martin', hasPassword: true, language: 'fr', units: 'g',
  currency: 'EUR', diet: 'omnivore', objective: '', macroPreset: 'default', goals: null, aiSuggestions: true, priceLimit: null, allergens: [] as string[], pantry: [] as string[],
}
const pageProps = { presets: {}, allergens: [], staples: [], bounds: { minKcal: 800, maxKcal: 6000, maxProteinG: 400, maxFatG: 300, maxCarbsG: 800 } }

afterEach(() => vi.restoreAllMocks())

describe('account email section', () => {
  it('shows the address and posts a change with the password in its own error bag, then shows the field errors', async () => {
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => {})
    await renderPage('account/index', AccountPage, { ...sharedProps({ auth: { user } }), ...pageProps, account, emailChange: null }, 'fr', '/dashboard/account')
    expect(screen.getByTestId('current-email')).toHaveTextContent('camille@example.fr')
    expect(screen.queryByTestId('pending-email')).toBeNull()
    const form = within(screen.getByTestId('email-form'))
    fireEvent.change(form.getByLabelText(fr.profile.email.newEmail), { target: { value: 'camille@new.fr' } })
    fireEvent.change(form.getByLabelText(fr.profile.email.currentPassword), { target: { value: 'secret-password' } })
    fireEvent.click(form.getByRole('button', { name: fr.profile.email.submit }))

    expect(visit).toHaveBeenCalledTimes(1)
    const [href, options] = visit.mock.calls[0] ?? ['', undefined]
    expect(String(href)).toBe('/account/email')
    expect(options).toMatchObject({ method: 'post', errorBag: 'email', data: { email: 'camille@new.fr', currentPassword: 'secret-password' } })
    act(() => options?.onError?.({ currentPassword: 'Le mot de passe actuel est incorrect.' }))
    expect(await screen.findByTestId('email-current-password-error')).toHaveTextContent('Le mot de passe actuel est incorrect.')
    expect(form.getByLabelText(fr.profile.email.currentPassword)).toHaveAttribute('aria-invalid', 'true')
  })

  it('a password-less account is not asked for a password; a pending change is shown (English)', async () => {
    await renderPage(
      'account/index',
      AccountPage,
      { ...sharedProps({ auth: { user }, locale: 'en' }), ...pageProps, account: { ...account, hasPassword: false, language: 'en' }, emailChange: { email: 'camille@new.fr', expiresAt: '2026-11-23T10:00:00Z' } },
      'en',
      '/dashboard/account',
    )
    expect(within(screen.getByTestId('email-form')).queryByLabelText(en.profile.email.currentPassword)).toBeNull()
    expect(screen.getByText(en.profile.email.passwordless)).toBeInTheDocument()
    const pending = screen.getByTestId('pending-email')
    expect(pending).toHaveTextContent('Waiting for confirmation: camille@new.fr.')
    expect(pending).toHaveTextContent('2026')
  })
})

describe('email change confirmation page', () => {
  it('asks before changing and posts back to the link', async () => {
    await renderPage('account/email-confirm', EmailConfirm, { ...sharedProps({ auth: { user } }), requestId: 'r', state: 'confirm', email: 'camille@new.fr', token: 'tok' }, 'fr', '/account/email/confirm/tok')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(fr.profile.email.confirm.heading)
    expect(screen.getByText(/deviendra camille@new.fr/)).toBeInTheDocument()
    const confirm = screen.getByTestId('email-confirm-submit')
    expect(confirm.tagName).toBe('BUTTON')
    expect(confirm).toHaveTextContent('Utiliser camille@new.fr')
    expect(screen.getByRole('link', { name: fr.profile.email.confirm.cancel })).toHaveAttribute('href', '/dashboard/account')
  })

  it.each(['other_account', 'taken', 'expired', 'used', 'invalid'] as const)('explains the %s state without a confirm button', async (state) => {
    await renderPage('account/email-confirm', EmailConfirm, { ...sharedProps({ auth: { user } }), requestId: 'r', state }, 'en', '/account/email/confirm/tok')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.profile.email.states[state].heading)
    expect(screen.getByText(en.profile.email.states[state].text)).toBeInTheDocument()
    expect(screen.queryByTestId('email-confirm-submit')).toBeNull()
    expect(within(screen.getByTestId('email-confirm')).queryByRole('button', { name: en.profile.email.confirm.logout }) !== null).toBe(state === 'other_account')
  })
})
