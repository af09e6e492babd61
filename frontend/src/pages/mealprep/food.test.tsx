import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import MealPrepFoods from './food'

const per100g = { kcal: 165, proteinG: 31, carbsG: 0, fatG: 3.6, satFatG: 1, fibreG: 0, sugarsG: 0, saltG: 0.2, sodiumMg: 80 }
const line = (code: number, name: string, grams: number) => ({
  code, name, group: 'Viandes', groupKey: 'meat', subgroup: '', custom: false, noEnergy: false, per100g, grams, dietWarning: '',
})

function show(lng: 'fr' | 'en') {
  const props = {
    ...sharedProps({ locale: lng }),
    mealPrep: { id: 'm1', name: 'Semaine' },
    foods: [line(36018, 'Poulet', 150), line(9104, 'Riz', 0)],
    groups: [],
    settings: { units: 'g', diet: 'omnivore' },
    limits: { maxGrams: 5000, maxFoods: 60 },
  }
  return renderPage('mealprep/food', MealPrepFoods, props as never, lng, '/mealprep/m1/food')
}

describe('the grams typed for a food are what the person has', () => {
  it('in French: optional, explained, and shown as such', async () => {
    await show('fr')
    const input = screen.getByTestId('food-quantity')
    expect(input).toHaveAccessibleName('Ce que j’en ai (g, facultatif)')
    expect(input).toHaveValue('')
    expect(input).toHaveAccessibleDescription(/Aucune recette n’en utilisera plus\. Laissez vide pour ne pas limiter\./)
    const rows = screen.getAllByTestId('food-row')
    expect(within(rows[0]!).getByText(/vous en avez 150 g/)).toBeInTheDocument()
    expect(within(rows[1]!).getByText(/sans limite de quantité/)).toBeInTheDocument()
    expect(within(rows[1]!).getByLabelText('Ce que j’ai de Riz (g)')).toHaveValue('')
  })
  it('in English', async () => {
    await show('en')
    const input = screen.getByTestId('food-quantity')
    expect(input).toHaveAccessibleName('How much I have (g, optional)')
    expect(input).toHaveAccessibleDescription(/No recipe will use more\./)
    expect(screen.getAllByTestId('food-row')[0]).toHaveTextContent('you have 150 g')
  })
})
