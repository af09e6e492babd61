import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import MealPrepRecipes from './recipes'

const macros = { kcal: 0, proteinG: 0, fatG: 0, carbsG: 0 }

const diagnosis = {
  fr: 'Ces aliments ne permettent pas d’atteindre l’objectif de ce repas : ajoutez un aliment protéiné (viande, poisson, œufs, légumineuses ou tofu).',
  en: 'These foods cannot meet this meal’s target: add a protein food (meat, fish, eggs, legumes or tofu).',
}

function show(lng: 'fr' | 'en', why: string) {
  const props = {
    ...sharedProps({ locale: lng }),
    mealPrep: { id: 'm1', name: 'Riz', foodCount: 2 },
    recipes: [],
    plan: { meals: [], perDay: macros, goal: macros, diff: macros, missing: [], generate: [] },
    goals: { daily: { kcal: 2523, proteinG: 308, fatG: 62, carbsG: 185 }, defaulted: false },
    generation: [
      { requestId: 'q1', category: 'lunch_dinner', count: 2, done: 0, failed: true, reason: 'no_foods', diagnosis: why, refunded: 2, running: false, createdAt: '2026-11-25T18:00:00Z' },
    ],
    categories: ['breakfast', 'lunch_dinner', 'snack'],
    limits: { minCount: 1, maxCount: 10 },
  }
  return renderPage('mealprep/recipes', MealPrepRecipes, props as never, lng, '/mealprep/m1/recipes')
}

describe.each([
  ['fr', 'La génération n’a pas abouti. ', ' 2 jeton(s) remboursé(s).', 'aucun aliment utilisable'],
  ['en', 'Generation did not finish. ', ' 2 token(s) refunded.', 'no usable food'],
] as const)('generation failure banner in %s', (lng, lead, refund, generic) => {
  it('shows the engine’s diagnosis instead of the generic reason, and the refund', async () => {
    await show(lng, diagnosis[lng])
    const banner = screen.getByTestId('generation-failed')
    expect(banner).toHaveTextContent(lead + diagnosis[lng] + refund)
    expect(banner).not.toHaveTextContent(generic)
  })

  it('keeps the generic reason when there is no diagnosis (failures recorded before it)', async () => {
    await show(lng, '')
    const banner = screen.getByTestId('generation-failed')
    expect(banner).toHaveTextContent(generic)
    expect(banner).toHaveTextContent(refund.trim())
  })
})
