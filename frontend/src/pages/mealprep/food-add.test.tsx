import { router } from '@inertiajs/react'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import MealPrepFoods from './food'

const apiMock = vi.hoisted(() => vi.fn())
vi.mock('../../lib/api', async (orig) => ({ ...(await orig<typeof import('../../lib/api')>()), api: apiMock }))

const banana = { code: 13005, name: 'Banane, crue', group: 'fruits', groupKey: 'fruits, vegetables, legumes and nuts', subgroup: '', custom: false, noEnergy: false, dietWarning: '', declaredAllergens: [] as string[], natural: null, per100g: { kcal: 88, proteinG: 1, carbsG: 20, fatG: 0, satFatG: null, fibreG: null, sugarsG: null, saltG: null, sodiumMg: null } }
const apple = { ...banana, code: 13039, name: 'Pomme, crue', per100g: { ...banana.per100g, kcal: 54 } }
const chicken = { code: 36017, name: 'Poulet, filet', group: 'viandes', groupKey: 'meat', subgroup: '', custom: false, noEnergy: false, dietWarning: '', declaredAllergens: [] as string[], natural: null, per100g: { kcal: 120, proteinG: 23, carbsG: 0, fatG: 2, satFatG: null, fibreG: null, sugarsG: null, saltG: null, sodiumMg: null } }

afterEach(() => {
  apiMock.mockReset()
  vi.restoreAllMocks()
})

describe('adding a food', () => {
  it('empties the search box after "Ajouter", ready for the next food', async () => {
    apiMock.mockResolvedValue({ data: { foods: [chicken], page: 1, hasMore: false }, error: null, status: 200 })
    // The add succeeds at once: the server's answer is not what this test is about.
    vi.spyOn(router, 'visit').mockImplementation((_url, options) => {
      options?.onSuccess?.({} as never)
      options?.onFinish?.({} as never)
    })
    const props = { ...sharedProps({ locale: 'fr' }), mealPrep: { id: 'm1', name: 'Semaine', foodCount: 0 }, foods: [], groups: [], settings: { units: 'g', diet: 'omnivore' }, limits: { maxGrams: 5000, maxFoods: 40 } }
    await renderPage('mealprep/food', MealPrepFoods, props as never, 'fr', '/mealprep/m1/food')
    const user = userEvent.setup()
    const box = screen.getByRole('combobox', { name: fr.mealprep.food.searchLabel })
    await user.type(box, 'poulet')
    await user.click(await screen.findByRole('option', { name: /Poulet, filet/ }))
    expect(box).toHaveValue('Poulet, filet')
    await act(async () => {
      await user.click(screen.getByTestId('food-add'))
    })
    expect(router.visit).toHaveBeenCalled()
    expect(screen.getByRole('combobox', { name: fr.mealprep.food.searchLabel })).toHaveValue('')
    expect(screen.queryByTestId('food-picked')).toBeNull()
  })

  it('clears "what I have" after each add: the next food is saved with what the person typed, or no limit', async () => {
    apiMock.mockImplementation(async (_route, opts: { query: { q: string } }) => ({
      data: { foods: opts.query.q.startsWith('ban') ? [banana] : [apple], page: 1, hasMore: false },
      error: null,
      status: 200,
    }))
    const sent: unknown[] = []
    vi.spyOn(router, 'visit').mockImplementation((_url, options) => {
      sent.push(options?.data)
      options?.onSuccess?.({} as never)
      options?.onFinish?.({} as never)
    })
    const props = { ...sharedProps({ locale: 'fr' }), mealPrep: { id: 'm1', name: 'Semaine', foodCount: 0 }, foods: [], groups: [], settings: { units: 'g', diet: 'omnivore' }, limits: { maxGrams: 5000, maxFoods: 40 } }
    await renderPage('mealprep/food', MealPrepFoods, props as never, 'fr', '/mealprep/m1/food')
    const user = userEvent.setup()
    const quantity = screen.getByTestId('food-quantity')

    await user.type(screen.getByRole('combobox', { name: fr.mealprep.food.searchLabel }), 'banane')
    await user.click(await screen.findByRole('option', { name: /Banane/ }))
    await user.type(quantity, '600')
    await act(async () => {
      await user.click(screen.getByTestId('food-add'))
    })
    expect(sent[0]).toEqual({ foodCode: 13005, grams: 600 })
    expect(screen.getByTestId('food-quantity')).toHaveValue('')

    await user.type(screen.getByRole('combobox', { name: fr.mealprep.food.searchLabel }), 'pomme')
    await user.click(await screen.findByRole('option', { name: /Pomme/ }))
    await act(async () => {
      await user.click(screen.getByTestId('food-add'))
    })
    expect(sent[1]).toEqual({ foodCode: 13039, grams: 0 })
  })

  it('keeps the keyboard focus in the search box after "Ajouter"', async () => {
    apiMock.mockResolvedValue({ data: { foods: [chicken], page: 1, hasMore: false }, error: null, status: 200 })
    vi.spyOn(router, 'visit').mockImplementation((_url, options) => {
      options?.onSuccess?.({} as never)
      options?.onFinish?.({} as never)
    })
    const props = { ...sharedProps({ locale: 'fr' }), mealPrep: { id: 'm1', name: 'Semaine', foodCount: 0 }, foods: [], groups: [], settings: { units: 'g', diet: 'omnivore' }, limits: { maxGrams: 5000, maxFoods: 40 } }
    await renderPage('mealprep/food', MealPrepFoods, props as never, 'fr', '/mealprep/m1/food')
    const user = userEvent.setup()
    await user.type(screen.getByRole('combobox', { name: fr.mealprep.food.searchLabel }), 'poulet')
    await screen.findByRole('option', { name: /Poulet, filet/ })
    await user.keyboard('{Enter}')
    // The quantity, then Enter submits the form.
    await user.click(screen.getByTestId('food-quantity'))
    await act(async () => {
      await user.keyboard('500{Enter}')
    })
    expect(router.visit).toHaveBeenCalledTimes(1)
    const box = screen.getByRole('combobox', { name: fr.mealprep.food.searchLabel })
    expect(box).toHaveValue('')
    expect(box).toHaveFocus()
  })
})

// A person who chose lb/oz says what they have in pounds or in ounces: "2" is 2 lb unless they
// pick ounces (before, the field took ounces only, and 2 meaning 2 lb became 57 g).
describe('what I have, in pounds or ounces', () => {
  it('reads the figure in the unit the person picks', async () => {
    apiMock.mockResolvedValue({ data: { foods: [chicken], page: 1, hasMore: false }, error: null, status: 200 })
    const sent: unknown[] = []
    vi.spyOn(router, 'visit').mockImplementation((_url, options) => {
      sent.push(options?.data)
      options?.onSuccess?.({} as never)
      options?.onFinish?.({} as never)
    })
    const props = { ...sharedProps({ locale: 'en' }), mealPrep: { id: 'm1', name: 'Week', foodCount: 0 }, foods: [], groups: [], settings: { units: 'lb', diet: 'omnivore' }, limits: { maxGrams: 5000, maxFoods: 40 } }
    await renderPage('mealprep/food', MealPrepFoods, props as never, 'en', '/mealprep/m1/food')
    const user = userEvent.setup()
    const pick = async () => {
      await user.type(screen.getByRole('combobox', { name: en.mealprep.food.searchLabel }), 'chicken')
      await user.click(await screen.findByRole('option', { name: /Poulet, filet/ }))
    }
    await pick()
    const unit = screen.getByRole('combobox', { name: en.mealprep.food.stockUnit })
    expect(unit).toHaveValue('lb')
    expect(within(unit).getAllByRole('option').map((o) => o.textContent)).toEqual(['lb', 'oz'])
    await user.clear(screen.getByTestId('food-quantity'))
    await user.type(screen.getByTestId('food-quantity'), '2')
    await act(async () => {
      await user.click(screen.getByTestId('food-add'))
    })
    expect(sent.at(-1)).toEqual({ foodCode: 36017, grams: 907 })

    await pick()
    await user.selectOptions(screen.getByRole('combobox', { name: en.mealprep.food.stockUnit }), 'oz')
    await user.clear(screen.getByTestId('food-quantity'))
    await user.type(screen.getByTestId('food-quantity'), '8')
    await act(async () => {
      await user.click(screen.getByTestId('food-add'))
    })
    expect(sent.at(-1)).toEqual({ foodCode: 36017, grams: 227 })
  })
})
