import { describe, expect, it } from 'vitest'
import { testI18n } from '../test/i18n'

describe('messages in French', () => {
  it('write interpolated numbers the French way', async () => {
    const i18n = await testI18n('fr')
    expect(i18n.t('mealprep.recipes.perServing', { kcal: 2200 })).toBe('2\u202f200 kcal par portion')
    expect(i18n.t('mealprep.plan.days', { count: 0.5 })).toBe('0,5 jour')
    expect(i18n.t('mealprep.plan.days', { count: 2 })).toBe('2 jours')
  })

  it('elide before a vowel an interpolated name brings', async () => {
    const i18n = await testI18n('fr')
    expect(i18n.t('mealprep.recipe.gramsOf', { name: 'œuf cru', unit: 'g' })).toBe('Quantité d’œuf cru (g)')
    expect(i18n.t('mealprep.recipe.gramsOf', { name: 'épinard', unit: 'g' })).toBe('Quantité d’épinard (g)')
    expect(i18n.t('mealprep.recipe.gramsOf', { name: 'haricot vert', unit: 'g' })).toBe('Quantité de haricot vert (g)')
    expect(i18n.t('mealprep.plan.missingMeal', { meal: 'en-cas' })).toBe('Pas encore d’en-cas.')
    expect(i18n.t('admin.user.title', { email: 'anna@example.com' })).toBe('Fiche de anna@example.com')
  })

  it('use plural rules, never "(s)"', async () => {
    const i18n = await testI18n('fr')
    expect(i18n.t('mealprep.recipes.done', { count: 1 })).toBe('1 recette prête.')
    expect(i18n.t('mealprep.recipes.done', { count: 3 })).toBe('3 recettes prêtes.')
  })
})

describe('messages in English', () => {
  it('write numbers and plurals the English way, without elision', async () => {
    const i18n = await testI18n('en')
    expect(i18n.t('mealprep.recipes.perServing', { kcal: 2200 })).toBe('2,200 kcal per serving')
    expect(i18n.t('mealprep.plan.days', { count: 0.5 })).toBe('0.5 days')
    expect(i18n.t('mealprep.recipes.done', { count: 1 })).toBe('1 recipe ready.')
    expect(i18n.t('mealprep.recipe.gramsOf', { name: 'egg', unit: 'g' })).toBe('Quantity of egg (g)')
  })
})
