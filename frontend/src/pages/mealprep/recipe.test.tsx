import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import MealPrepRecipe from './recipe'

const perServing = { kcal: 640, proteinG: 45, fatG: 18, carbsG: 72, satFatG: 3.2, fibreG: 6.1, sugarsG: 4.4, saltG: 1.84, sodiumMg: 736 }

const recipe = {
  id: 'r1',
  requestId: 'q1',
  name: 'Poulet, riz et brocoli',
  category: 'lunch_dinner',
  servings: 2,
  ingredients: [
    { foodCode: 36017, name: 'Poulet', grams: 300, natural: null, fromPantry: false },
    { foodCode: 22000, name: 'Oeuf cru', grams: 120, natural: { kind: 'piece', grams: 50 }, fromPantry: false },
    { foodCode: 17270, name: 'Huile d’olive', grams: 30, natural: { kind: 'ml', grams: 0.92 }, fromPantry: true },
  ],
  target: { kcal: 650, proteinG: 45, fatG: 18, carbsG: 75 },
  nutrition: { ...perServing, kcal: 1280, saltG: 3.68 },
  perServing,
  withinTolerance: true,
  refunded: false,
  explanation: '',
  durationMin: 25,
  price: 4.86,
  currency: 'EUR',
  healthScore: 1,
  healthGrade: 'B',
  generator: 'builtin',
  steps: ['Cuire le riz.'],
}

function show(lng: 'fr' | 'en', changes: Partial<typeof recipe> = {}, allergens: { id: string; name: string }[] = []) {
  const props = {
    ...sharedProps({ locale: lng }),
    allergens,
    mealPrep: { id: 'm1', name: 'Semaine' },
    recipe: { ...recipe, ...changes },
    settings: { units: 'g', currency: 'EUR' },
    limits: { maxServings: 12, maxGrams: 5000 },
  }
  return renderPage('mealprep/recipe', MealPrepRecipe, props as never, lng, '/mealprep/m1/recipes/r1')
}

describe.each([
  ['fr', fr, '1,8 g'],
  ['en', en, '1.8 g'],
] as const)('recipe page in %s', (lng, m, salt) => {
  it('shows the salt of one serving, in grams', async () => {
    await show(lng)
    const table = screen.getByTestId('recipe-nutrition')
    const row = within(table).getByRole('rowheader', { name: m.mealprep.recipe.salt }).closest('tr')
    expect(row).not.toBeNull()
    expect(row).toHaveTextContent(salt)
    expect(within(table).queryByText(lng === 'fr' ? '3,7 g' : '3.7 g')).not.toBeInTheDocument()
  })
})

// Eggs by the piece and oil in ml on the recipe too, grams beside.
describe.each([
  ['fr', ['300 g', '2,5 œufs (120 g)', '33 ml (30 g)']],
  ['en', ['300 g', '2.5 eggs (120 g)', '33 ml (30 g)']],
] as const)('recipe ingredients in %s', (lng, want) => {
  it('say eggs by the piece and oil by volume', async () => {
    await show(lng)
    expect(screen.getAllByTestId('ingredient-quantity').map((e) => e.textContent)).toEqual(want)
  })
})

// The cupboard's oil is marked, so the person knows the shopping list does not buy it.
describe.each([
  ['fr', fr],
  ['en', en],
] as const)('a cupboard ingredient in %s', (lng, m) => {
  it('is marked from the pantry, the others are not', async () => {
    await show(lng)
    const mark = screen.getByTestId('from-pantry')
    expect(mark).toHaveTextContent(m.mealprep.recipe.fromPantry)
    expect(mark.closest('li')).toHaveTextContent('Huile d’olive')
  })
})

describe.each([
  ['fr', fr],
  ['en', en],
] as const)('health score in %s', (lng, m) => {
  it('shows the Nutri-Score grade on its scale, never its raw points', async () => {
    await show(lng, { healthScore: -2, healthGrade: 'A' })
    const health = screen.getByTestId('recipe-health')
    expect(health).toHaveTextContent(m.mealprep.recipe.healthScale)
    expect(within(health).getByText('A')).toBeInTheDocument()
    expect(health.textContent).not.toMatch(/-2|−2|\(-?\d/)
  })
})

// One money format: the recipe's price is written as the shopping list writes its costs
// (lib/format formatMoney), "$11.37" in English, never "US$11.37" beside the list's "$1.51".
describe('the recipe price', () => {
  it.each([
    ['en', '$11.37'],
    ['fr', '11,37\u00a0$US'],
  ] as const)('in %s reads %s', async (lng, want) => {
    const props = {
      ...sharedProps({ locale: lng }),
      mealPrep: { id: 'm1', name: 'Week' },
      recipe: { ...recipe, price: 11.37, currency: 'USD' },
      settings: { units: 'g', currency: 'USD' },
      limits: { maxServings: 12, maxGrams: 5000 },
    }
    await renderPage('mealprep/recipe', MealPrepRecipe, props as never, lng, '/mealprep/m1/recipes/r1')
    const dd = screen.getByText(m(lng).mealprep.recipe.priceLabel).nextElementSibling
    expect(dd?.textContent?.startsWith(`${want} `)).toBe(true)
    expect(dd?.textContent).not.toContain('US$')
  })
})

const m = (lng: 'fr' | 'en') => (lng === 'fr' ? fr : en)

// The recipe declares the allergens its foods contain, as EU regulation 1169/2011 names them.
describe.each([
  ['fr', [{ id: 'gluten', name: 'céréales contenant du gluten' }, { id: 'milk', name: 'lait' }], 'Contient\u202f: céréales contenant du gluten, lait.', 'Aucun des 14 allergènes à déclarer (règlement (UE) n°\u00a01169/2011).'],
  ['en', [{ id: 'gluten', name: 'cereals containing gluten' }, { id: 'milk', name: 'milk' }], 'Contains: cereals containing gluten, milk.', 'None of the 14 allergens to declare (Regulation (EU) No 1169/2011).'],
] as const)('the recipe’s allergens (%s)', (lng, allergens, contains, none) => {
  it('are listed by name, or none said', async () => {
    await show(lng, {}, [...allergens])
    expect(screen.getByTestId('recipe-allergens').textContent).toBe(contains)
  })
  it('says when there are none', async () => {
    await show(lng)
    expect(screen.getByTestId('recipe-allergens').textContent).toBe(none)
  })
})
