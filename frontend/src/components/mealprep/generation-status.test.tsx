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
  running: true,
  createdAt: '2026-11-25T10:00:00Z',
  ...extra,
})

async function show(requests: RequestView[]) {
  const i18n = await testI18n('fr')
  return render(
    <I18nextProvider i18n={i18n}>
      <GenerationStatus requests={requests} categoryName={() => 'déjeuner/dîner'} />
    </I18nextProvider>,
  )
}

beforeEach(() => localStorage.clear())
afterEach(() => vi.useRealTimers())

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
})
