import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import ShoppingList from './shopping-list'

const list = {
  days: 3,
  currency: 'EUR',
  total: '24,30 €',
  totalCents: 2430,
  text: 'Liste de courses pour 3 jours\n\nBoucherie et poissonnerie\n- Poulet : 1,5 kg\n',
  csvUrl: '/mealprep/m1/shopping-list.csv?days=3',
  empty: false,
  aisles: [
    { aisle: 'meat_fish', name: 'Boucherie et poissonnerie', items: [{ foodCode: 36018, name: 'Poulet', quantity: '1,5 kg', grams: 1500, cost: '19,50 €', costCents: 1950 }] },
    { aisle: 'grocery', name: 'Épicerie', items: [{ foodCode: 9104, name: 'Riz', quantity: '1 kg', grams: 1000, cost: '4,80 €', costCents: 480 }] },
  ],
}

function show(lng: 'fr' | 'en', extra: Record<string, unknown> = {}, errors: Record<string, string> = {}) {
  const props = {
    ...sharedProps({ locale: lng, errors }),
    mealPrep: { id: 'm1', name: 'Semaine' },
    days: null,
    limits: { minDays: 1, maxDays: 14 },
    list: null,
    ...extra,
  }
  return renderPage('mealprep/shopping-list', ShoppingList, props as never, lng, '/mealprep/m1/shopping-list')
}

beforeEach(() => localStorage.clear())

describe.each([
  ['fr', fr],
  ['en', en],
] as const)('shopping list in %s', (lng, m) => {
  it('asks for the number of days and shows the field error', async () => {
    await show(lng, {}, { days: 'Export needs a number of days.' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Semaine')
    const input = screen.getByLabelText(m.shopping.daysLabel)
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Export needs a number of days.'))
    expect(screen.getByRole('alert')).toHaveTextContent('Export needs a number of days.')
    expect(screen.queryByTestId('shopping-copy')).not.toBeInTheDocument()
  })

  it('lists items by aisle and copies the text', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    // Defined, not assigned: a user-event test in the same worker leaves a getter-only clipboard.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    await show(lng, { days: 3, list })
    const meat = screen.getByRole('region', { name: 'Boucherie et poissonnerie' })
    expect(within(meat).getByRole('rowheader', { name: 'Poulet' })).toBeInTheDocument()
    expect(within(meat).getByText('1,5 kg')).toBeInTheDocument()
    expect(screen.getByTestId('shopping-total')).toHaveTextContent(lng === 'fr' ? '24,30 €' : '€24.30')
    expect(screen.getByTestId('shopping-csv')).toHaveAttribute('href', list.csvUrl)
    fireEvent.click(screen.getByRole('button', { name: m.shopping.copy }))
    await waitFor(() => expect(screen.getByText(m.shopping.copied)).toBeInTheDocument())
    expect(writeText).toHaveBeenCalledWith(list.text)
  })

  it('marks a food that takes over the week, in words the checkbox is described by', async () => {
    const heavy = {
      ...list,
      aisles: [
        { ...list.aisles[0]!, items: [{ ...list.aisles[0]!.items[0]!, takesOver: 'budget', sharePct: 80 }] },
        { aisle: 'produce', name: 'Fruits et légumes', items: [{ foodCode: 20059, name: 'Épinard', quantity: '3,5 kg', grams: 3500, cost: '3,50 €', costCents: 350, takesOver: 'fresh', sharePct: 14 }] },
        list.aisles[1]!,
      ],
    }
    await show(lng, { days: 7, list: heavy })
    const budget = m.shopping.takesOver.budget.replace('{{pct}}', '80')
    const notes = screen.getAllByTestId('takes-over')
    expect(notes).toHaveLength(2)
    expect(notes[0]!.textContent).toContain(budget)
    expect(notes[1]!.textContent).toContain(m.shopping.takesOver.fresh)
    expect(screen.getByTestId('tick-36018')).toHaveAccessibleDescription(budget)
    expect(screen.getByTestId('tick-20059')).toHaveAccessibleDescription(m.shopping.takesOver.fresh)
    expect(screen.getByTestId('tick-9104')).not.toHaveAttribute('aria-describedby')
    expect(screen.getByTestId('tick-36018').closest('tr')).toHaveAttribute('data-takes-over', 'budget')
  })

  it('says when the meal prep has no recipe', async () => {
    await show(lng, { days: 2, list: { ...list, aisles: [], empty: true } })
    expect(screen.getByTestId('shopping-empty')).toHaveTextContent(m.shopping.empty.replace(/\s+/g, ' '))
  })
})

// One money format: the list writes its costs with the recipe's formatter (lib/format
// formatMoney), from the cents the server sends.
describe('shopping list costs', () => {
  it('are written as the recipe writes its price', async () => {
    const usd = { ...list, currency: 'USD', total: 'x', totalCents: 2430, aisles: [{ ...list.aisles[1]!, items: [{ ...list.aisles[1]!.items[0]!, cost: 'x', costCents: 151 }] }] }
    await show('en', { days: 3, list: usd })
    expect(screen.getByRole('cell', { name: '$1.51' })).toBeInTheDocument()
    expect(screen.getByTestId('shopping-total')).toHaveTextContent('$24.30')
  })
})
