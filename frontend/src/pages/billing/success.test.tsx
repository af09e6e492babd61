import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fr } from '../../locales/fr'
import { sharedProps, user } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import type { CheckoutSummary } from '../../types'
import Success from './success'

// The success page follows the payment's confirmation with the shared job poll (hooks/use-job-poll,
// tested there), not a timer of its own.
const { useJobPoll } = vi.hoisted(() => ({ useJobPoll: vi.fn((_running: boolean, _options: unknown) => ({ gaveUp: false })) }))
vi.mock('../../hooks/use-job-poll', () => ({ useJobPoll }))

const checkout = (status: CheckoutSummary['status']): CheckoutSummary => ({
  id: '0190a0a0-0000-7000-8000-000000000001',
  status,
  packId: 'pack-60',
  tokens: 60,
  amountCents: 1199,
  currency: 'EUR',
  promoCode: '',
  testMode: true,
})
const props = (status: CheckoutSummary['status']) => ({ ...sharedProps({ locale: 'fr', auth: { user: { ...user, balance: 2 } } }), checkout: checkout(status) })
const poll = { poll: ['checkout'], whenDone: ['auth'], everyMs: 2000, maxPolls: 30 }

beforeEach(() => {
  localStorage.clear()
  useJobPoll.mockClear()
  useJobPoll.mockImplementation(() => ({ gaveUp: false }))
})

describe('the checkout success page', () => {
  it('polls the checkout through the shared job poll while Stripe has not confirmed, then the balance once', async () => {
    await renderPage('billing/success', Success, props('started') as never, 'fr', '/stripe/success')
    expect(useJobPoll).toHaveBeenCalledWith(true, poll)
    expect(screen.getByRole('status')).toHaveTextContent(fr.billing.success.pending)
  })

  it('does not poll a settled checkout', async () => {
    await renderPage('billing/success', Success, props('completed') as never, 'fr', '/stripe/success')
    expect(useJobPoll).toHaveBeenCalledWith(false, poll)
    expect(useJobPoll).not.toHaveBeenCalledWith(true, expect.anything())
  })

  it('says it is taking long once the poll gave up', async () => {
    useJobPoll.mockImplementation(() => ({ gaveUp: true }))
    await renderPage('billing/success', Success, props('started') as never, 'fr', '/stripe/success')
    expect(screen.getByRole('status').textContent).toContain(fr.billing.success.pendingLong) // as is: toHaveTextContent folds its narrow no-break space
  })
})
