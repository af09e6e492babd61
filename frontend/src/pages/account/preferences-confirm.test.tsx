import { router } from '@inertiajs/react'
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { renderPage } from '../../test/render-page'
import { sharedProps, user } from '../../test/fixtures'
import PreferencesConfirm from './preferences-confirm'

afterEach(() => vi.restoreAllMocks())

describe('onboarding preferences confirmation page', () => {
  it('shows the choices and posts back to the link only on the button', async () => {
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => {})
    await renderPage(
      'account/preferences-confirm',
      PreferencesConfirm,
      { ...sharedProps({ auth: { user } }), requestId: 'r', state: 'confirm', diet: 'vegan', objective: 'weight_loss', macroPreset: 'low_carbs', token: 'tok' },
      'fr',
      '/account/preferences/confirm/tok',
    )
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(fr.profile.preferences.heading)
    expect(screen.getByTestId('preferences-diet').textContent).toBe(fr.profile.account.diets.vegan)
    expect(screen.getByTestId('preferences-objective').textContent).toBe(fr.profile.survey.objectives.weight_loss)
    expect(screen.getByTestId('preferences-preset').textContent).toBe(fr.profile.presets.low_carbs)
    expect(screen.getByRole('link', { name: fr.profile.preferences.cancel })).toHaveAttribute('href', '/dashboard/account')
    expect(visit).not.toHaveBeenCalled()
    const confirm = screen.getByTestId('preferences-confirm-submit')
    expect(confirm.tagName).toBe('BUTTON')
    fireEvent.click(confirm)
    expect(visit).toHaveBeenCalledTimes(1)
    const [href, options] = visit.mock.calls[0] ?? ['', undefined]
    expect(String(href)).toBe('/account/preferences/confirm/tok')
    expect(options).toMatchObject({ method: 'post' })
  })

  it.each(['other_account', 'expired', 'used', 'invalid'] as const)('explains the %s state without a confirm button', async (state) => {
    await renderPage('account/preferences-confirm', PreferencesConfirm, { ...sharedProps({ auth: { user } }), requestId: 'r', state }, 'en', '/account/preferences/confirm/tok')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.profile.preferences.states[state].heading)
    expect(screen.getByText(en.profile.preferences.states[state].text)).toBeInTheDocument()
    expect(screen.queryByTestId('preferences-confirm-submit')).toBeNull()
    expect(within(screen.getByTestId('preferences-confirm')).queryByRole('button', { name: en.profile.preferences.logout }) !== null).toBe(state === 'other_account')
  })
})
