import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { sharedProps, user } from '../../test/fixtures'
import { formatMoney } from '../../lib/format'
import { renderPage } from '../../test/render-page'
import type { PageProps } from '../../types'
import Audit from './audit'
import Stats from './stats'
import User from './user'

type AuditPage = PageProps['admin/audit']['page']
type PersonDetail = PageProps['admin/user']['detail']
type AdminStats = PageProps['admin/stats']['stats']

const personId = '0190a0a0-0000-7000-8000-0000000000aa'

const page = (extra: Partial<AuditPage> = {}): AuditPage => ({
  entries: [
    { position: 9, userId: personId, email: 'lea@example.com', name: 'Léa M', eventType: 'TokensGranted.v1', delta: 5, reason: 'admin_grant', ref: 'admin-action:x', balanceAfter: 7, actor: 'admin-id', actorName: 'Alice Martin <boss@example.com>', note: 'Geste commercial', occurredAt: '2026-11-20T10:00:00Z' },
    { position: 8, userId: personId, email: '', name: '', eventType: 'TokensCharged.v1', delta: -1, reason: 'recipe_generation', ref: 'r', balanceAfter: 2, actor: `user:${personId}`, actorName: 'lea@example.com', note: '', occurredAt: '2026-11-19T10:00:00Z' },
  ],
  totals: { entries: 2, credits: 5, debits: 1, net: 4 },
  nextCursor: '8',
  ...extra,
})

const filters = { user: '', reason: '', from: '', to: '', sign: '', cursor: '' }

beforeEach(() => localStorage.clear())

describe.each([
  ['fr', fr],
  ['en', en],
] as const)('admin pages in %s', (lng, m) => {
  const props = (extra: object) => ({ ...sharedProps({ locale: lng, auth: { user: { ...user, role: 'ADMIN', balance: 2 } } }), ...extra })

  it('the audit lists entries with signed amounts, totals, the next page and a CSV link with the filters', async () => {
    await renderPage('admin/audit', Audit, props({ filters: { ...filters, sign: 'positive' }, page: page(), actions: [], reasons: ['admin_grant', 'recipe_generation'] }) as never, lng, '/dashboard/admin?sign=positive')
    const table = screen.getByRole('table', { name: m.admin.audit.tableLabel })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toHaveTextContent('+5')
    expect(rows[1]).toHaveTextContent(m.admin.reason.admin_grant)
    expect(rows[2]).toHaveTextContent('−1')
    expect(rows[2]).toHaveTextContent(m.admin.audit.deleted)
    expect(screen.getByTestId('audit-totals')).toHaveTextContent('4')
    expect(screen.getByTestId('audit-next')).toHaveAttribute('href', '/dashboard/admin?sign=positive&cursor=8')
    expect(screen.getByTestId('audit-export')).toHaveAttribute('href', '/dashboard/admin/export.csv?sign=positive')
    expect(screen.getByRole('link', { name: m.admin.nav.audit })).toHaveAttribute('aria-current', 'page')
  })

  it('the audit names reasons, authors and the admin’s written reason in words, never raw codes', async () => {
    const promo = { position: 10, userId: personId, email: 'lea@example.com', name: 'Léa M', eventType: 'PromoCodeRedeemed.v1', delta: 0, reason: 'promo_code:BIENVENUE30', ref: 'c', balanceAfter: 7, actor: 'system', actorName: 'system', note: '', occurredAt: '2026-11-21T10:00:00Z' }
    const base = page()
    await renderPage('admin/audit', Audit, props({ filters, page: { ...base, entries: [promo, ...base.entries] }, actions: [], reasons: ['promo_code:BIENVENUE30'] }) as never, lng, '/dashboard/admin')
    const rows = within(screen.getByRole('table', { name: m.admin.audit.tableLabel })).getAllByRole('row')
    expect(rows[1]).toHaveTextContent(m.admin.reason.promo_code.replace('{{code}}', 'BIENVENUE30'))
    expect(rows[1]).toHaveTextContent(m.admin.actorSystem)
    expect(rows[1]).not.toHaveTextContent('promo_code:')
    expect(rows[2]).toHaveTextContent('Alice Martin <boss@example.com>')
    expect(rows[2]).toHaveTextContent('Geste commercial')
    expect(rows[3]).toHaveTextContent('lea@example.com')
    expect(rows[3]).not.toHaveTextContent('user:')
    expect(screen.getByRole('option', { name: m.admin.reason.promo_code.replace('{{code}}', 'BIENVENUE30') })).toBeInTheDocument()
  })

  it('a person’s purchases name the pack and the status in words', async () => {
    const detail: PersonDetail = {
      person: { id: personId, email: 'lea@example.com', name: 'Léa', surname: 'M', role: 'USER', verifiedAt: null, createdAt: '2026-11-01T00:00:00Z' },
      balance: 7, mealPreps: 1, history: [], actions: [],
      purchases: [{ checkoutId: 'c1', packId: 'pack-60', tokens: 60, currency: 'EUR', amountDueCents: 1199, amountPaidCents: 1199, refundedCents: 0, tokensRevoked: 0, status: 'completed', promoCode: '', startedAt: '2026-11-20T10:00:00Z' }],
    }
    await renderPage('admin/user', User, props({ detail, self: false, limits: { maxAmount: 100000, maxReason: 500 } }) as never, lng, `/dashboard/admin/users/${personId}`)
    const row = screen.getByRole('cell', { name: lng === 'fr' ? 'Pack de 60 jetons' : '60-token pack' }).closest('tr')!
    expect(row).toHaveTextContent(m.billing.products.checkoutStatus.completed)
    expect(row).not.toHaveTextContent('pack-60')
    expect(row).not.toHaveTextContent(/\bcompleted\b/)
  })

  it('a pending checkout shows the amount it asks (welcome price), not 0 paid', async () => {
    const detail: PersonDetail = {
      person: { id: personId, email: 'lea@example.com', name: 'Léa', surname: 'M', role: 'USER', verifiedAt: null, createdAt: '2026-11-01T00:00:00Z' },
      balance: 7, mealPreps: 1, history: [], actions: [],
      purchases: [{ checkoutId: 'c2', packId: 'pack-60', tokens: 60, currency: 'EUR', amountDueCents: 839, amountPaidCents: 0, refundedCents: 0, tokensRevoked: 0, status: 'started', promoCode: 'BIENVENUE30', startedAt: '2026-11-20T10:00:00Z' }],
    }
    await renderPage('admin/user', User, props({ detail, self: false, limits: { maxAmount: 100000, maxReason: 500 } }) as never, lng, `/dashboard/admin/users/${personId}`)
    const row = screen.getByRole('cell', { name: lng === 'fr' ? 'Pack de 60 jetons' : '60-token pack' }).closest('tr')!
    expect(row.textContent).toContain(`${formatMoney(839, 'EUR', lng)} ${m.admin.user.due}`)
    expect(row).toHaveTextContent('BIENVENUE30')
    expect(row).not.toHaveTextContent(lng === 'fr' ? '0,00' : '0.00')
  })

  it('the audit says every admin action in words, a price edit too', async () => {
    const edit = { id: 'a2', actorId: 'x', actor: 'boss@example.com', action: 'edit_price', targetId: null, amount: null, detail: 'Fruits / Pommes: 3 → 4 EUR/kg', createdAt: '2026-11-20T10:00:00Z' }
    await renderPage('admin/audit', Audit, props({ filters, page: page(), actions: [edit], reasons: [] }) as never, lng, '/dashboard/admin')
    const actions = screen.getByTestId('admin-actions')
    // toHaveTextContent folds the no-break space French puts before a colon.
    expect(actions).toHaveTextContent(m.admin.action.edit_price.replace('{{detail}}', edit.detail).replace(/\s+/g, ' '))
    expect(actions).not.toHaveTextContent('edit_price')
  })

  it('the audit shows a bad filter next to its field', async () => {
    await renderPage('admin/audit', Audit, props({ filters: { ...filters, from: 'x' }, page: { entries: [], totals: { entries: 0, credits: 0, debits: 0, net: 0 }, nextCursor: '' }, actions: [], reasons: [], errors: { from: 'mauvaise date' } }) as never, lng, '/dashboard/admin?from=x')
    const from = screen.getByLabelText(m.admin.audit.from)
    expect(from).toHaveAttribute('aria-invalid', 'true')
    expect(from).toHaveAccessibleDescription('mauvaise date')
    expect(screen.getByText(m.admin.audit.empty)).toBeInTheDocument()
  })

  it('a person’s page offers grant/deduct with a required reason and the role form', async () => {
    const detail: PersonDetail = {
      person: { id: personId, email: 'lea@example.com', name: 'Léa', surname: 'M', role: 'USER', verifiedAt: null, createdAt: '2026-11-01T00:00:00Z' },
      balance: 7, mealPreps: 1, purchases: [], history: [], actions: [
        { id: 'a1', actorId: 'x', actor: 'boss@example.com', action: 'grant_tokens', targetId: personId, amount: 5, detail: 'Geste', createdAt: '2026-11-20T10:00:00Z' },
      ],
    }
    await renderPage('admin/user', User, props({ detail, self: false, limits: { maxAmount: 100000, maxReason: 500 } }) as never, lng, `/dashboard/admin/users/${personId}`)
    expect(screen.getByTestId('admin-user-balance')).toHaveTextContent('7')
    expect(screen.getByLabelText(m.admin.user.amount)).toBeInTheDocument()
    expect(screen.getByLabelText(m.admin.user.reasonField)).toHaveAttribute('maxLength', '500')
    expect(screen.getByLabelText(m.admin.user.newRole)).toHaveValue('USER')
    expect(screen.getByTestId('admin-user-actions')).toHaveTextContent('boss@example.com')
    expect(screen.getByTestId('admin-user-actions')).toHaveTextContent('Geste')
  })

  it('statistics give every chart’s numbers in a table too', async () => {
    const stats: AdminStats = {
      since: '2026-10-24T00:00:00Z',
      tokens: [{ day: '2026-11-20T00:00:00Z', granted: 4, refunded: 2, purchased: 60, spent: 3 }],
      revenue: [{ currency: 'EUR', purchases: 1, paidCents: 1199, refundedCents: 0, netCents: 1199 }],
      generation: { requests: 2, recipesAsked: 4, recipesMade: 4, recipesDelivered: 3, failedRequests: 1, tokensRefunded: 1, requestsRunning: 0 },
      needsCalculations: 0,
      signUps: [{ day: '2026-11-20T00:00:00Z', signUps: 2, verified: 1 }],
      projections: [{ name: 'balances', position: 10, pending: 0, failing: false }],
      queue: { available: 0, scheduled: 0, running: 1, retryable: 0 },
      rebuilds: [],
    }
    await renderPage('admin/stats', Stats, props({ stats, projectionNames: ['balances', 'token_history'] }) as never, lng, '/dashboard/admin/stats')
    const table = screen.getByTestId('tokens-table')
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('60')
    // Refunds have their own column, not counted as given; delivered excludes refunded recipes.
    expect(within(table).getByRole('columnheader', { name: m.admin.stats.refunded })).toBeInTheDocument()
    expect(within(table).getAllByRole('row')[1]!.querySelectorAll('td')[1]).toHaveTextContent('2')
    expect(screen.getByText(m.admin.stats.successRate.replace('{{rate}}', lng === 'fr' ? '75 %' : '75%').replace(/\s+/g, ' '))).toBeInTheDocument()
    expect(screen.getByLabelText(m.admin.stats.rebuildField)).toHaveValue('balances')
    // One shrinkable column below lg: a wide table scrolls in its frame, the page does not (390, 320 px).
    expect(screen.getByTestId('stats-columns')).toHaveClass('grid-cols-1')
  })
})
