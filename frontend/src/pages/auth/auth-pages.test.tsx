import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { renderPage } from '../../test/render-page'
import { appConfig, sharedProps, user } from '../../test/fixtures'
import General from '../dashboard/general'
import AuthChooser from './index'
import LinkInvalid from './link-invalid'
import Login from './login'
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

  it('the dashboard home shows the balance and the verify reminder for an unverified user', async () => {
    await renderPage('dashboard/general', General, sharedProps({ auth: { user: { ...user, balance: 0, verified: false } } }), 'fr', '/dashboard/general')
    expect(screen.getByTestId('dashboard-balance')).toHaveAttribute('data-balance', '0')
    expect(screen.getByTestId('verify-reminder')).toHaveTextContent(fr.home.verifyTitle)
  })
})
