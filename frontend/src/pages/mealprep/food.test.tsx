import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import MealPrepFoods from './food'

const per100g = { kcal: 1234.4, proteinG: 19.56, carbsG: 0, fatG: 13, satFatG: null, fibreG: null, sugarsG: null, saltG: null, sodiumMg: null }
const salmon = { code: 26036, name: 'Saumon', group: 'poissons', groupKey: 'meat, egg and fish', subgroup: '', custom: false, noEnergy: false, dietWarning: '', grams: 250, per100g }

function show(lng: 'fr' | 'en') {
  const props = {
    ...sharedProps({ locale: lng }),
    mealPrep: { id: 'm1', name: 'Semaine' },
    foods: [salmon],
    groups: [],
    settings: { units: 'kg', diet: 'omnivore' },
    limits: { maxGrams: 5000, maxFoods: 40 },
  }
  return renderPage('mealprep/food', MealPrepFoods, props as never, lng, '/mealprep/m1/food')
}

// Issue 20: the meal prep's foods show kcal and protein per 100 g, in the person's format.
describe.each([
  ['fr', '1\u202f234 kcal · 19,6 g de protéines pour 100 g'],
  ['en', '1,234 kcal · 19.6 g protein per 100 g'],
] as const)('meal prep foods in %s', (lng, want) => {
  it('show kcal and protein per 100 g', async () => {
    await show(lng)
    const row = screen.getByTestId('food-row')
    // textContent, not toHaveTextContent: the narrow no-break space of "1 234" must be kept.
    expect(within(row).getByTestId('food-row-per100').textContent).toBe(want)
  })
})
