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
  it('a new person: goals to set for free, the paid calculation beside it, no "low balance" for the sign-up tokens, the checklist (French)', async () => {
    await renderPage('dashboard/general', General, { ...sharedProps({ auth: { user: { ...user, balance: 2, verified: true } } }), mealPreps: [], goals: null, balanceHistory: [history[0]], lowBalance: 1 }, 'fr', '/dashboard/general')
    expect(screen.getByRole('link', { name: fr.profile.goals.save })).toHaveAttribute('href', '/dashboard/account')
    expect(screen.getByRole('link', { name: 'Calcul personnalisé (10 jetons)' })).toHaveAttribute('href', '/account/survey')
    expect(screen.queryByTestId('low-balance')).toBeNull()
    const checklist = screen.getByTestId('onboarding-checklist')
    expect(checklist).toHaveTextContent(fr.profile.home.checklist.goals)
    expect(checklist).toHaveTextContent(`${fr.profile.home.checklist.verify} (${fr.profile.home.done})`)
  })

  it('says the balance is low when it cannot pay one recipe', async () => {
    await renderPage('dashboard/general', General, { ...sharedProps({ auth: { user: { ...user, balance: 0, verified: true } } }), mealPreps: [], goals: null, balanceHistory: [history[0]], lowBalance: 1 }, 'fr', '/dashboard/general')
    expect(screen.getByTestId('low-balance')).toHaveTextContent(/^Votre solde est bas\s: il ne paie plus une recette \(1 jeton\)\./)
    expect(screen.getByRole('link', { name: fr.dashboard.buyTokens })).toHaveAttribute('href', '/buy-tokens')
  })

  it('goals as a described macro chart, balance over time, no prompt when the balance is enough (English)', async () => {
    await renderPage(
      'dashboard/general',
      General,
      { ...sharedProps({ auth: { user: { ...user, balance: 12, verified: true } } }), mealPreps: [], goals: { kcal: 2100, proteinG: 150, fatG: 70, carbsG: 215 }, balanceHistory: history, lowBalance: 1 },
      'en',
      '/dashboard/general',
    )
    expect(screen.getByTestId('dashboard-goals-kcal')).toHaveTextContent('2,100 kcal')
    expect(await screen.findByRole('img', { name: "Today's goals: 2,100 kcal, 150 g protein, 70 g fat, 215 g carbohydrates." }, { timeout: 15_000 })).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: 'Balance over the last 2 movements; current balance 12 tokens.' }, { timeout: 15_000 })).toBeInTheDocument()
    expect(screen.queryByTestId('low-balance')).toBeNull()
    expect(screen.getByText(en.profile.home.balanceOverTime)).toBeInTheDocument()
  })

  it('meal preps with their create-recipe buttons; the checklist goes once every step is done (French)', async () => {
    const prep = { id: '0b5d4c1e-8f5a-4a57-9c1b-2f0f8a6b1c3d', name: 'Semaine 1', foodCount: 6, recipeCount: 2, running: 0, updatedAt: '2026-11-21T10:00:00Z' }
    await renderPage(
      'dashboard/general',
      General,
      { ...sharedProps({ auth: { user: { ...user, balance: 12, verified: true } } }), mealPreps: [prep], goals: { kcal: 2100, proteinG: 150, fatG: 70, carbsG: 215 }, balanceHistory: history, lowBalance: 1 },
      'fr',
      '/dashboard/general',
    )
    const item = screen.getByTestId('mealprep-item')
    expect(item).toHaveTextContent('Semaine 1')
    expect(within(item).getByRole('link', { name: fr.mealprep.list.createRecipe })).toHaveAttribute('href', `/mealprep/${prep.id}/recipes`)
    expect(screen.queryByTestId('onboarding-checklist')).toBeNull()
  })

  const goals = { kcal: 2100, proteinG: 150, fatG: 70, carbsG: 215 }
  const prep = { id: '0b5d4c1e-8f5a-4a57-9c1b-2f0f8a6b1c3d', name: 'Semaine 1', foodCount: 6, recipeCount: 2, running: 0, updatedAt: '2026-11-21T10:00:00Z' }
  const recent = [
    { id: '5f1c0c1a-1111-4c2e-9a40-000000000001', mealPrepId: prep.id, name: 'Poulet riz', mealPrepName: 'Semaine 1', category: 'lunch_dinner' as const, servings: 2, perServing: { kcal: 620, proteinG: 45, fatG: 12.5, carbsG: 80 }, createdAt: '2026-11-21T10:00:00Z' },
    { id: '5f1c0c1a-1111-4c2e-9a40-000000000002', mealPrepId: prep.id, name: 'Porridge', mealPrepName: 'Semaine 1', category: 'breakfast' as const, servings: 1, perServing: { kcal: 410, proteinG: 15, fatG: 9, carbsG: 66 }, createdAt: '2026-11-20T08:00:00Z' },
  ]
  const homeProps = (extra: object) => ({ ...sharedProps({ auth: { user: { ...user, balance: 12, verified: true } } }), mealPreps: [prep], goals, balanceHistory: history, lowBalance: 1, ...extra })

  it('recent recipes: a list in order, each linked by its name to its recipe page, with meal prep, meal and macros (French)', async () => {
    await renderPage('dashboard/general', General, homeProps({ recentRecipes: recent }), 'fr', '/dashboard/general')
    const section = screen.getByRole('region', { name: fr.profile.home.recent.title })
    expect(within(section).getByRole('heading', { level: 2, name: fr.profile.home.recent.title })).toBeInTheDocument()
    const items = within(within(section).getByRole('list')).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByRole('link', { name: 'Poulet riz' })).toHaveAttribute('href', `/mealprep/${prep.id}/recipe/${recent[0]!.id}`)
    expect(within(items[1]!).getByRole('link', { name: 'Porridge' })).toHaveAttribute('href', `/mealprep/${prep.id}/recipe/${recent[1]!.id}`)
    expect(items[0]).toHaveTextContent('Meal prep : Semaine 1 · Déjeuner / dîner')
    expect(items[0]).toHaveTextContent('620 kcal par portion · 45 g de protéines · 12,5 g de lipides · 80 g de glucides')
    expect(within(items[0]!).getByText(/^Créée le 21 novembre 2026$/)).toHaveAttribute('datetime', recent[0]!.createdAt)
    expect(within(section).queryByTestId('recent-recipes-empty')).toBeNull()
  })

  it('recent recipes in English: meal, macros per serving, English date', async () => {
    await renderPage('dashboard/general', General, homeProps({ recentRecipes: recent }), 'en', '/dashboard/general')
    const section = screen.getByRole('region', { name: en.profile.home.recent.title })
    const items = within(section).getAllByRole('listitem')
    expect(items[1]).toHaveTextContent('Meal prep: Semaine 1 · Breakfast')
    expect(items[1]).toHaveTextContent('410 kcal per serving · 15 g protein · 9 g fat · 66 g carbohydrates')
    expect(items[1]).toHaveTextContent('Created on November 20, 2026')
  })

  it('no recipes yet: the empty state points to the first meal prep\'s create-recipe page (French), or to the new meal prep form (English)', async () => {
    const { unmount } = await renderPage('dashboard/general', General, homeProps({ recentRecipes: [] }), 'fr', '/dashboard/general')
    let empty = screen.getByTestId('recent-recipes-empty')
    expect(empty).toHaveTextContent(fr.profile.home.recent.empty.replace(/\s/g, ' '))
    expect(within(empty).getByRole('link', { name: 'Créer une recette dans Semaine 1' })).toHaveAttribute('href', `/mealprep/${prep.id}/recipes`)
    expect(within(screen.getByTestId('recent-recipes')).queryByRole('list')).toBeNull()
    unmount()

    await renderPage('dashboard/general', General, homeProps({ mealPreps: [], recentRecipes: [] }), 'en', '/dashboard/general')
    empty = screen.getByTestId('recent-recipes-empty')
    expect(empty).toHaveTextContent(en.profile.home.recent.emptyNoMealPrep)
    expect(within(empty).getByRole('link', { name: en.profile.home.recent.createMealPrep })).toHaveAttribute('href', '#new-mealprep')
  })
})
