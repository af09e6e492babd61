import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { renderPage } from '../../test/render-page'
import { sharedProps, user } from '../../test/fixtures'
import General from './general'

const history = [
  { at: '2026-11-20T10:00:00Z', balance: 2 },
  { at: '2026-11-21T10:00:00Z', balance: 12 },
]

describe('dashboard home', () => {
  it('a new person: goals to set for free, the paid calculation beside it, the buy prompt, the checklist (French)', async () => {
    await renderPage('dashboard/general', General, { ...sharedProps({ auth: { user: { ...user, balance: 2, verified: true } } }), mealPreps: [], goals: null, balanceHistory: [history[0]], lowBalance: 10 }, 'fr', '/dashboard/general')
    expect(screen.getByRole('link', { name: fr.profile.goals.save })).toHaveAttribute('href', '/dashboard/account')
    expect(screen.getByRole('link', { name: 'Calcul personnalisé (10 jetons)' })).toHaveAttribute('href', '/account/survey')
    expect(screen.getByTestId('low-balance')).toHaveTextContent('10 jetons')
    expect(screen.getByRole('link', { name: fr.dashboard.buyTokens })).toHaveAttribute('href', '/buy-tokens')
    const checklist = screen.getByTestId('onboarding-checklist')
    expect(checklist).toHaveTextContent(fr.profile.home.checklist.goals)
    expect(checklist).toHaveTextContent(`${fr.profile.home.checklist.verify} (${fr.profile.home.done})`)
  })

  it('goals as a described macro chart, balance over time, no prompt when the balance is enough (English)', async () => {
    await renderPage(
      'dashboard/general',
      General,
      { ...sharedProps({ auth: { user: { ...user, balance: 12, verified: true } } }), mealPreps: [], goals: { kcal: 2100, proteinG: 150, fatG: 70, carbsG: 215 }, balanceHistory: history, lowBalance: 10 },
      'en',
      '/dashboard/general',
    )
    expect(screen.getByTestId('dashboard-goals-kcal')).toHaveTextContent('2100 kcal')
    expect(await screen.findByRole('img', { name: "Today's goals: 2100 kcal, 150 g protein, 70 g fat, 215 g carbohydrates." }, { timeout: 15_000 })).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: 'Balance over the last 2 movements; current balance 12 tokens.' }, { timeout: 15_000 })).toBeInTheDocument()
    expect(screen.queryByTestId('low-balance')).toBeNull()
    expect(screen.getByText(en.profile.home.balanceOverTime)).toBeInTheDocument()
  })

  it('meal preps with their create-recipe buttons; the checklist goes once every step is done (French)', async () => {
    const prep = { id: '0b5d4c1e-8f5a-4a57-9c1b-2f0f8a6b1c3d', name: 'Semaine 1', foodCount: 6, recipeCount: 2, running: 0, updatedAt: '2026-11-21T10:00:00Z' }
    await renderPage(
      'dashboard/general',
      General,
      { ...sharedProps({ auth: { user: { ...user, balance: 12, verified: true } } }), mealPreps: [prep], goals: { kcal: 2100, proteinG: 150, fatG: 70, carbsG: 215 }, balanceHistory: history, lowBalance: 10 },
      'fr',
      '/dashboard/general',
    )
    const item = screen.getByTestId('mealprep-item')
    expect(item).toHaveTextContent('Semaine 1')
    expect(within(item).getByRole('link', { name: fr.mealprep.list.createRecipe })).toHaveAttribute('href', `/mealprep/${prep.id}/recipes`)
    expect(screen.queryByTestId('onboarding-checklist')).toBeNull()
  })
})
