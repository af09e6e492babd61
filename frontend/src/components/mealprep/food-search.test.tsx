import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testI18n } from '../../test/i18n'
import { fr } from '../../locales/fr'
import FoodSearch, { type FoodHit } from './food-search'

const apiMock = vi.hoisted(() => vi.fn())
vi.mock('../../lib/api', () => ({ api: apiMock }))

function hit(code: number, name: string): FoodHit {
  return { code, name, group: 'viandes', groupKey: 'meat', subgroup: '', custom: false, noEnergy: false, inSeason: false, dietWarning: '', declaredAllergens: [] as string[], natural: null, per100g: { kcal: 100, proteinG: 20, carbsG: 0, fatG: 2, satFatG: null, fibreG: null, sugarsG: null, saltG: null, sodiumMg: null } }
}

async function setup() {
  const i18n = await testI18n('fr')
  const onPick = vi.fn()
  render(
    <I18nextProvider i18n={i18n}>
      <FoodSearch mealPrepId="mp-1" group="" onPick={onPick} />
    </I18nextProvider>,
  )
  return { onPick, user: userEvent.setup() }
}

afterEach(() => apiMock.mockReset())

describe('food search combobox', () => {
  it('searches once typing pauses, announces the count, and picks with the keyboard', async () => {
    apiMock.mockResolvedValue({ data: { foods: [hit(1, 'Poulet, filet'), hit(2, 'Poulet, cuisse')], page: 1, hasMore: false }, error: null, status: 200 })
    const { onPick, user } = await setup()
    const box = screen.getByRole('combobox', { name: fr.mealprep.food.searchLabel })
    await user.type(box, 'poul')
    expect(await screen.findAllByRole('option')).toHaveLength(2)
    // Debounced: one call for the whole word, with the route's name and parameters.
    expect(apiMock).toHaveBeenCalledTimes(1)
    expect(apiMock).toHaveBeenCalledWith('mealprep.food.search', expect.objectContaining({ params: { id: 'mp-1' }, query: { q: 'poul', group: '', page: 1 } }))
    expect(box).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('status')).toHaveTextContent('2 aliments trouvés.')
    await user.keyboard('{ArrowDown}')
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]?.id)
    await user.keyboard('{Enter}')
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ code: 2 }))
    expect(box).toHaveAttribute('aria-expanded', 'false')
    // The picked name is not searched again (the list would cover the form).
    await act(() => new Promise((r) => setTimeout(r, 400)))
    expect(apiMock).toHaveBeenCalledTimes(1)
  })

  // Foods are compared by their energy and protein per 100 g, in the person's format.
  it('shows kcal and protein per 100 g in each result', async () => {
    const salmon = { ...hit(3, 'Saumon, élevage, cru'), per100g: { ...hit(3, '').per100g, kcal: 1234.4, proteinG: 19.56 } }
    const unknown = { ...hit(4, 'Mystère'), noEnergy: true, per100g: { ...hit(4, '').per100g, kcal: null, proteinG: null } }
    apiMock.mockResolvedValue({ data: { foods: [salmon, unknown], page: 1, hasMore: false }, error: null, status: 200 })
    const { user } = await setup()
    await user.type(screen.getByRole('combobox'), 'saumon')
    const options = await screen.findAllByRole('option')
    expect(within(options[0] as HTMLElement).getByTestId('food-option-per100').textContent).toBe('1\u202f234 kcal · 19,6 g de protéines pour 100 g')
    expect(options[1]).not.toHaveTextContent('kcal')
  })

  it('says when the search failed', async () => {
    apiMock.mockResolvedValue({ data: null, error: { message: 'boom', status: 500, method: 'GET', url: '', body: null }, status: 500 })
    const { user } = await setup()
    await user.type(screen.getByRole('combobox'), 'riz')
    expect(await screen.findByText(fr.mealprep.food.searchFailed)).toBeInTheDocument()
  })
})
