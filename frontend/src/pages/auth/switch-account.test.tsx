import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../test/render-page'
import { sharedProps } from '../../test/fixtures'
import SwitchAccount from './switch-account'

describe('switch account page', () => {
  it('names both accounts and posts back to the magic link to switch', async () => {
    await renderPage('auth/switch-account', SwitchAccount, { ...sharedProps(), kind: 'magic', current: 'anna@example.com', target: 'bob@example.com', userId: 'u1', otp: 's3cret' }, 'fr', '/auth/magic-link/u1/s3cret')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Changer de compte')
    expect(screen.getByText(/Vous êtes connecté en tant que anna@example.com/)).toBeInTheDocument()
    const confirm = screen.getByTestId('switch-confirm')
    expect(confirm).toHaveTextContent('Continuer en tant que bob@example.com')
    expect(confirm.tagName).toBe('BUTTON')
    expect(screen.getByTestId('switch-cancel')).toHaveAttribute('href', '/dashboard/general')
  })

  it('in English, a verification link', async () => {
    await renderPage('auth/switch-account', SwitchAccount, { ...sharedProps(), kind: 'verify', current: 'anna@example.com', target: 'bob@example.com', token: 'tok' }, 'en', '/auth/verify/tok')
    expect(screen.getByText(/You are signed in as anna@example.com/)).toBeInTheDocument()
    expect(screen.getByTestId('switch-confirm')).toHaveTextContent('Continue as bob@example.com')
  })
})
