import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { renderPage } from '../../test/render-page'
import { appConfig, sharedProps, user } from '../../test/fixtures'
import { TextField } from '../../components/ui/field'
import General from '../dashboard/general'
import AuthChooser from './index'
import LinkInvalid from './link-invalid'
import Login from './login'
import Otp from './otp'
import Register from './register'

describe('auth pages', () => {
  it('the chooser shows only the sign-in ways the server enables', async () => {
    await renderPage('auth/index', AuthChooser, sharedProps({ app: { ...appConfig, availableProviders: [], isCredentialsAvailable: false, isOtpAvailable: true } }), 'fr', '/auth')
    expect(screen.getByTestId('chooser-otp')).toHaveTextContent(fr.auth.chooser.otp)
    expect(screen.queryByTestId('chooser-credentials')).toBeNull()
    expect(screen.queryByTestId('social-buttons')).toBeNull()
  })

  it('login holds the password form and the code form, in English', async () => {
    await renderPage('auth/login', Login, sharedProps(), 'en', '/auth/login')
    expect(screen.getByTestId('login-form')).toBeInTheDocument()
    expect(screen.getByTestId('otp-request-form')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: en.auth.login.submit })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: en.auth.login.otpSubmit })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: en.auth.login.forgotten })).toHaveAttribute('href', '/reset-password/forgotten-password')
  })

  it('sign-up says what it accepts, with links to the terms and the privacy policy', async () => {
    await renderPage('auth/register', Register, sharedProps(), 'fr', '/auth/register')
    expect(screen.getByTestId('terms-notice')).toHaveTextContent('En créant un compte, vous acceptez')
    expect(screen.getByRole('link', { name: 'conditions d’utilisation' })).toHaveAttribute('href', '/terms')
    expect(screen.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute('href', '/privacy')
  })

  it('sign-in states the terms where a code or a provider may create the account, not with the password form alone', async () => {
    const { unmount } = await renderPage('auth/login', Login, sharedProps(), 'en', '/auth/login')
    const notice = screen.getByTestId('terms-notice')
    expect(notice).toHaveTextContent(en.auth.register.termsContinue.replace(/<\/?\w+>/g, ''))
    expect(within(notice).getByRole('link', { name: 'terms of use' })).toHaveAttribute('href', '/terms')
    expect(within(notice).getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy')
    unmount()
    await renderPage('auth/login', Login, sharedProps({ app: { ...appConfig, isOtpAvailable: false, availableProviders: [] } }), 'en', '/auth/login')
    expect(screen.queryByTestId('terms-notice')).toBeNull()
  })

  it('a dead reset link explains itself and offers a new one', async () => {
    await renderPage('auth/link-invalid', LinkInvalid, { ...sharedProps(), kind: 'reset', reason: 'expired', email: 'a@b.fr' }, 'fr', '/reset-password/a@b.fr')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(fr.auth.link.expiredHeading)
    expect(screen.getByText(fr.auth.link.resetExpired)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: fr.auth.link.newReset })).toHaveAttribute('href', '/reset-password/forgotten-password?email=a%40b.fr')
  })

  it('a dead link opened while signed in names the session and offers the dashboard, not sign-in', async () => {
    await renderPage('auth/link-invalid', LinkInvalid, { ...sharedProps(), kind: 'magic', reason: 'used', signedInAs: 'a@b.fr' }, 'en', '/auth/magic-link/x/y')
    expect(screen.getByText('This sign-in link has already been used or replaced by a newer one. You are signed in as a@b.fr.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: en.auth.link.dashboard })).toHaveAttribute('href', '/dashboard/general')
    expect(screen.queryByRole('link', { name: en.auth.link.login })).toBeNull()
    expect(screen.queryByRole('link', { name: en.auth.link.newCode })).toBeNull()
  })

  it('the dashboard home shows the balance and the verify reminder for an unverified user', async () => {
    await renderPage('dashboard/general', General, sharedProps({ auth: { user: { ...user, balance: 0, verified: false } } }), 'fr', '/dashboard/general')
    expect(screen.getByTestId('dashboard-balance')).toHaveAttribute('data-balance', '0')
    expect(screen.getByTestId('verify-reminder')).toHaveTextContent(fr.home.verifyTitle)
  })

  it('the code page counts down to the next code on a disabled button and tells screen readers when the wait starts', async () => {
    await renderPage('auth/otp', Otp, { ...sharedProps(), email: 'a@b.fr', resendIn: 42 }, 'fr', '/auth/otp/a@b.fr')
    expect(screen.getByTestId('otp-resend')).toBeDisabled()
    expect(screen.getByTestId('otp-resend')).toHaveTextContent('Nouveau code possible dans 42 s')
    expect(screen.getByRole('status')).toHaveTextContent('Vous pourrez demander un nouveau code dans 42 secondes.')
  })

  it('a server error follows the FR/EN switch through serverTexts', async () => {
    const sent = 'Le mot de passe doit contenir au moins 8 caractères.'
    const english = 'The password must be at least 8 characters long.'
    const props = { ...sharedProps(), errors: { password: sent }, serverTexts: { [sent]: { fr: sent, en: english }, [english]: { fr: sent, en: english } } }
    await renderPage('auth/register', () => <TextField id="pw" label="pw" error={sent} />, props, 'fr', '/auth/register')
    expect(screen.getByTestId('pw-error')).toHaveTextContent(sent)
    fireEvent.click(screen.getByTestId('lang-en'))
    await waitFor(() => expect(screen.getByTestId('pw-error')).toHaveTextContent(english))
  })
})
