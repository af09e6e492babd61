import { router } from '@inertiajs/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { testI18n } from '../../test/i18n'
import type { RequestView } from '../../types/props.gen'
import GenerationStatus, { DONE_VISIBLE_MS, SEEN_KEY } from './generation-status'

const req = (id: string, extra: Partial<RequestView>): RequestView => ({
  requestId: id,
  category: 'lunch_dinner',
  count: 3,
  done: 1,
  failed: false,
  reason: '',
  refunded: 0,
  diagnosis: '',
  suggestion: null,
  running: true,
  createdAt: '2026-11-25T10:00:00Z',
  ...extra,
})

async function show(requests: RequestView[]) {
  const i18n = await testI18n('fr')
  return render(
    <I18nextProvider i18n={i18n}>
      <GenerationStatus requests={requests} categoryName={() => 'déjeuner/dîner'} mealPrepId="mp-1" />
    </I18nextProvider>,
  )
}

beforeEach(() => localStorage.clear())
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('generation status', () => {
  it('shows a running request with a styled bar, not the browser’s progress element', async () => {
    const { container } = await show([req('a', {})])
    expect(container.querySelector('progress')).toBeNull()
    expect(screen.getByTestId('generation-progress').firstElementChild).toHaveStyle({ width: '33%' })
    expect(screen.getByTestId('generation-message')).toBeInTheDocument()
  })

  it('lets a person dismiss a finished request, and hides a successful one by itself', async () => {
    vi.useFakeTimers()
    await show([req('done', { running: false, done: 3 }), req('failed', { running: false, failed: true, reason: 'timeout', refunded: 2, done: 1 })])
    expect(screen.getAllByTestId('generation-request')).toHaveLength(2)
    expect(screen.getByText('3 recettes prêtes.')).toBeInTheDocument()
    expect(screen.getByText(/2 jetons remboursés\./)).toBeInTheDocument()
    fireEvent.click(screen.getAllByTestId('generation-dismiss')[0]!) // the failed one
    expect(screen.getAllByTestId('generation-request')).toHaveLength(1)
    act(() => vi.advanceTimersByTime(DONE_VISIBLE_MS))
    expect(screen.queryByTestId('generation')).toBeNull()
  })

  it('reads the recipes made by several requests (one per missing meal) as one line', async () => {
    await show([
      req('breakfast', { running: false, count: 1, done: 1, category: 'breakfast' }),
      req('lunch', { running: false, count: 2, done: 2 }),
      req('snack', { running: false, count: 1, done: 1, category: 'snack' }),
    ])
    expect(screen.getAllByTestId('generation-request')).toHaveLength(1)
    expect(screen.getByTestId('generation-request')).toHaveTextContent('4 recettes prêtes.')
    expect(screen.getAllByText(/prêtes?\./)).toHaveLength(1)
    fireEvent.click(screen.getByTestId('generation-dismiss'))
    expect(screen.queryByTestId('generation')).toBeNull()
  })

  it('does not show again, on a later visit, a request already shown finished', async () => {
    const first = await show([req('old', { running: false, failed: true, reason: 'timeout', refunded: 1 })])
    expect(screen.getByTestId('generation-request')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]')).toContain('old')
    first.unmount()
    await show([req('old', { running: false, failed: true, reason: 'timeout', refunded: 1 }), req('new', {})])
    expect(screen.getAllByTestId('generation-request').map((li) => li.textContent)).toEqual([expect.stringContaining('1 sur 3')])
  })

  it('offers the checked suggestion of a refused request as buttons that add each food', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation((_url, _data, opts) => opts?.onSuccess?.({} as never))
    await show([
      req('refused', {
        running: false,
        failed: true,
        reason: 'no_foods',
        refunded: 1,
        diagnosis: 'Ajoutez un produit laitier riche en protéines.',
        suggestion: { action: 'add_food', foods: [{ code: 19585, name: 'Skyr nature' }, { code: 19590, name: 'Fromage blanc 0 %' }], priceLimit: 0, pair: false },
      }),
    ])
    expect(screen.getByRole('list', { name: 'Aliments qui rendraient cette génération possible' })).toBeInTheDocument()
    const buttons = screen.getAllByTestId('advice-add')
    expect(buttons.map((b) => b.textContent)).toEqual(['Ajouter Skyr nature', 'Ajouter Fromage blanc 0 %'])
    fireEvent.click(buttons[1]!)
    expect(post).toHaveBeenCalledTimes(1)
    expect(post.mock.calls[0]![0]).toBe('/mealprep/mp-1/food')
    expect(post.mock.calls[0]![1]).toEqual({ foodCode: 19590, grams: 0 })
    expect(screen.getAllByTestId('advice-add')[1]).toHaveTextContent('Fromage blanc 0 % ajouté au meal prep')
    expect(screen.getAllByTestId('advice-add')[1]).toBeDisabled()
  })

  it('adds both foods of a pair with one button, and asks "more of" again with a larger serving', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation((_url, _data, opts) => opts?.onSuccess?.({} as never))
    await show([
      req('pair', { running: false, failed: true, reason: 'no_foods', diagnosis: 'Ajoutez du riz et des lentilles.', suggestion: { action: 'add_food', foods: [{ code: 9104, name: 'Riz' }, { code: 20505, name: 'Lentilles' }], priceLimit: 0, pair: true } }),
      req('more', { running: false, failed: true, reason: 'no_foods', diagnosis: 'Prévoyez plus de poulet.', suggestion: { action: 'more_of', foods: [{ code: 36018, name: 'Poulet' }], priceLimit: 0, pair: false } }),
    ])
    fireEvent.click(screen.getByTestId('advice-add'))
    expect(post.mock.calls.map((c) => c[1])).toEqual([
      { foodCode: 9104, grams: 0 },
      { foodCode: 20505, grams: 0 },
    ])
    expect(screen.getByTestId('advice-add')).toHaveTextContent('Riz et Lentilles ajoutés au meal prep')
    const more = screen.getByTestId('advice-more-of')
    expect(more).toHaveTextContent(/^Générer avec une plus grande portion de «\s?Poulet\s?» \(1 jeton\)$/)
    fireEvent.click(more)
    const last = post.mock.calls.at(-1)
    expect(last?.[0]).toBe('/mealprep/mp-1/recipes')
    expect(last?.[1]).toMatchObject({ category: 'lunch_dinner', count: 1, larger: [36018] })
    expect(typeof (last?.[1] as { idempotencyKey?: unknown }).idempotencyKey).toBe('string')
  })
})
