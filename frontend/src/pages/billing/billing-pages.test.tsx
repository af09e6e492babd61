import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { packs, sharedProps, user } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import type { CheckoutSummary, ShopProps } from '../../types'
import Products from '../dashboard/products'
import BuyTokens from './buy-tokens'
import BuyTokensVisitor from './buy-tokens-na'
import CheckoutError from './error'
import Success from './success'
import TestCheckout from './test-checkout'

const shop = (extra: Partial<ShopProps> = {}): ShopProps => ({
  packs: packs.map((p) => ({ ...p })),
  currency: 'EUR',
  currencies: ['EUR', 'USD'],
  selectedPack: 'pack-60',
  testMode: true,
  promo: { code: 'BIENVENUE30', percent: 30, eligible: true, state: 'available' },
  ...extra,
})

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

beforeEach(() => localStorage.clear())

describe.each([
  ['fr', fr],
  ['en', en],
] as const)('billing pages in %s', (lng, m) => {
  const signedIn = (extra: object = {}) => ({ ...sharedProps({ locale: lng, auth: { user: { ...user, balance: 2 } } }), ...extra })

  it('/buy-tokens labels every pack’s button, the promo field and the test mode', async () => {
    await renderPage('billing/buy-tokens', BuyTokens, signedIn(shop()) as never, lng, '/buy-tokens?pack=pack-60')
    expect(screen.getByRole('heading', { level: 1, name: m.billing.shop.heading })).toBeInTheDocument()
    expect(screen.getByTestId('test-mode-banner')).toHaveAttribute('role', 'note')
    const list = screen.getByRole('list', { name: m.billing.shop.packsLabel })
    expect(within(list).getAllByTestId('shop-pack')).toHaveLength(3)
    for (const tokens of [20, 60, 150]) {
      expect(screen.getByRole('button', { name: m.billing.pack.buyLabel.replace('{{count}}', String(tokens)) })).toBeEnabled()
    }
    const promo = screen.getByLabelText(m.billing.shop.promoLabel)
    expect(promo).toHaveAccessibleDescription(/BIENVENUE30/)
    expect(screen.getByRole('navigation', { name: m.billing.currency.label })).toBeInTheDocument()
    expect(screen.getByTestId('currency-EUR')).toHaveAttribute('aria-current', 'true')
  })

  it('/buy-tokens shows a refused promo next to its field', async () => {
    await renderPage('billing/buy-tokens', BuyTokens, signedIn({ ...shop({ promo: { code: 'BIENVENUE30', percent: 30, eligible: false, state: 'used' } }), errors: { promoCode: 'déjà utilisé' } }) as never, lng, '/buy-tokens')
    const promo = screen.getByLabelText(m.billing.shop.promoLabel)
    expect(promo).toHaveAttribute('aria-invalid', 'true')
    expect(promo).toHaveAccessibleDescription('déjà utilisé')
  })

  it('/buy-tokens says the welcome offer is for a first purchase after one made without the code', async () => {
    await renderPage('billing/buy-tokens', BuyTokens, signedIn(shop({ promo: { code: 'BIENVENUE30', percent: 30, eligible: false, state: 'first_order_only' } })) as never, lng, '/buy-tokens')
    expect(screen.getByLabelText(m.billing.shop.promoLabel)).toHaveAccessibleDescription(m.billing.shop.promoFirstOrder)
  })

  it('/buy-tokens-na sends each pack to sign-up and back', async () => {
    await renderPage('billing/buy-tokens-na', BuyTokensVisitor, { ...sharedProps({ locale: lng }), ...shop() } as never, lng, '/buy-tokens-na')
    const link = screen.getByRole('link', { name: m.billing.visitor.signUpLabel.replace('{{count}}', '150') })
    expect(link).toHaveAttribute('href', '/buy-tokens-na/continue?pack=pack-150&currency=EUR')
    // The page's own sign-in link (the header has one too) remembers the selected pack.
    const hrefs = screen.getAllByRole('link', { name: m.billing.visitor.logIn }).map((a) => a.getAttribute('href'))
    expect(hrefs).toContain('/buy-tokens-na/continue?pack=pack-60&currency=EUR&to=login')
  })

  it('the test-mode page is labelled and offers pay and cancel', async () => {
    await renderPage('billing/test-checkout', TestCheckout, signedIn({ checkout: checkout('started') }) as never, lng, '/stripe/test-checkout')
    expect(screen.getByRole('heading', { level: 1, name: m.billing.testMode.heading })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: m.billing.testMode.pay })).toBeEnabled()
    expect(screen.getByRole('button', { name: m.billing.testMode.cancel })).toBeEnabled()
  })

  it('the success page announces a pending payment politely', async () => {
    await renderPage('billing/success', Success, signedIn({ checkout: checkout('started') }) as never, lng, '/stripe/success')
    expect(screen.getByRole('status')).toHaveTextContent(m.billing.success.pendingHeading)
  })

  it('/dashboard/products hides the editor from a USER', async () => {
    await renderPage('dashboard/products', Products, signedIn({ ...shop({ testMode: false }), canEdit: false }) as never, lng, '/dashboard/products')
    expect(screen.getByRole('heading', { level: 1, name: m.billing.products.heading })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: m.billing.products.adminHeading })).toBeNull()
    expect(screen.queryByTestId('test-mode-banner')).toBeNull()
    expect(screen.queryByRole('navigation', { name: m.admin.nav.label })).toBeNull()
  })

  it('/stripe/error names its retry button with the words it shows (label in name)', async () => {
    await renderPage('billing/error', CheckoutError, signedIn({ reason: 'cancelled', checkout: checkout('failed') }) as never, lng, '/stripe/error')
    const button = screen.getByRole('button', { name: new RegExp(m.billing.error.retry) })
    expect(button.getAttribute('aria-label')).toContain(button.textContent ?? '—')
  })

  it('/dashboard/products lets the keyboard reach the purchases table when it scrolls', async () => {
    const row = { id: 'c1', packId: 'pack-60', tokens: 60, amountCents: 1199, currency: 'EUR', status: 'completed', promoCode: '', refundedCents: 0, tokensRevoked: 0, startedAt: '2026-11-20T10:00:00Z' }
    await renderPage('dashboard/products', Products, signedIn({ ...shop({ testMode: false }), canEdit: true, catalogue: [], recentCheckouts: [row] }) as never, lng, '/dashboard/products')
    expect(screen.getByTestId('recent-checkouts').parentElement).toHaveAttribute('tabindex', '0')
  })

  it('/dashboard/products keeps an ADMIN in the admin section, its tab current', async () => {
    await renderPage('dashboard/products', Products, signedIn({ ...shop({ testMode: false }), canEdit: true, catalogue: [], recentCheckouts: [] }) as never, lng, '/dashboard/products')
    const nav = screen.getByRole('navigation', { name: m.admin.nav.label })
    expect(within(nav).getByRole('link', { name: m.admin.nav.products })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: m.admin.nav.audit })).toHaveAttribute('href', '/dashboard/admin')
  })
})
