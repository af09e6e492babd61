import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import MealPrepFoods from './food'

const per100g = { kcal: 1234.4, proteinG: 19.56, carbsG: 0, fatG: 13, satFatG: null, fibreG: null, sugarsG: null, saltG: null, sodiumMg: null }
const salmon = { code: 26036, name: 'Saumon', group: 'poissons', groupKey: 'meat, egg and fish', subgroup: '', custom: false, noEnergy: false, dietWarning: '', declaredAllergens: [] as string[], natural: null, grams: 250, per100g }
const egg = { ...salmon, code: 22000, name: 'Oeuf cru', grams: 100, natural: { kind: 'piece', grams: 50 } }
const line = (code: number, name: string, grams: number) => ({ ...salmon, code, name, grams })
const oil = { ...salmon, code: 17270, name: 'Huile d’olive', grams: 14, natural: { kind: 'ml', grams: 0.92 } }

function show(lng: 'fr' | 'en', foods: unknown[] = [salmon], units = 'g') {
  const props = {
    ...sharedProps({ locale: lng }),
    mealPrep: { id: 'm1', name: 'Semaine' },
    foods,
    groups: [],
    settings: { units, diet: 'omnivore' },
    limits: { maxGrams: 5000, maxFoods: 40 },
  }
  return renderPage('mealprep/food', MealPrepFoods, props as never, lng, '/mealprep/m1/food')
}

// The meal prep's foods show kcal and protein per 100 g, in the person's format.
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

// Eggs by the piece and oil in ml (fl oz in US units), with the grams beside.
describe.each([
  ['fr', ['vous en avez 2 œufs (100 g)', 'vous en avez 15 ml (14 g)', '1,5 œuf', 'vous en avez 0,5 fl oz (0,5 oz)']],
  ['en', ['you have 2 eggs (100 g)', 'you have 15 ml (14 g)', '1.5 eggs', 'you have 0.5 fl oz (0.5 oz)']],
] as const)('natural units in %s', (lng, [eggs, ml, halfEgg, flOz]) => {
  it('say eggs by the piece and oil by volume, grams beside', async () => {
    await show(lng, [egg, oil, { ...egg, code: 22010, grams: 75 }])
    const rows = screen.getAllByTestId('food-row-quantity').map((e) => e.textContent)
    expect(rows[0]).toBe(eggs)
    expect(rows[1]).toBe(ml)
    expect(rows[2]).toContain(halfEgg)
    expect(screen.queryAllByTestId('food-row-quantity')).toHaveLength(3)
  })

  it('say oil in fl oz for pounds and ounces', async () => {
    await show(lng, [oil], 'lb')
    expect(screen.getByTestId('food-row-quantity').textContent).toBe(flOz)
  })

  it('leave other foods in grams', async () => {
    await show(lng, [salmon])
    expect(screen.getByTestId('food-row-quantity').textContent).toBe(lng === 'fr' ? 'vous en avez 250 g' : 'you have 250 g')
  })
})

describe('the grams typed for a food are what the person has', () => {
  it('in French: optional, explained, and shown as such', async () => {
    await show('fr', [line(36018, 'Poulet', 150), line(9104, 'Riz', 0)])
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
    await show('en', [line(36018, 'Poulet', 150), line(9104, 'Riz', 0)])
    const input = screen.getByTestId('food-quantity')
    expect(input).toHaveAccessibleName('How much I have (g, optional)')
    expect(input).toHaveAccessibleDescription(/No recipe will use more\./)
    expect(screen.getAllByTestId('food-row')[0]).toHaveTextContent('you have 150 g')
  })
})

// A food holding an allergen the person declares stays on the page with a warning in words
// (generation leaves it out), never silently dropped.
describe.each([
  ['fr', ['poissons'], 'Attention\u202f: cet aliment contient un allergène déclaré pour vous ou votre foyer (poissons)\u202f; vos recettes le laissent de côté.'],
  ['en', ['fish'], 'Note: this food contains an allergen declared for you or your household (fish); your recipes leave it out.'],
] as const)('a food with a declared allergen (%s)', (lng, names, says) => {
  it('says so in text', async () => {
    await show(lng, [{ ...salmon, declaredAllergens: [...names] }])
    expect(screen.getByTestId('food-row-allergens').textContent).toBe(says)
  })
})
