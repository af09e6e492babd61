import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { sharedProps, user } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import Prices from './prices'

beforeEach(() => localStorage.clear())

const prices = [
  { group: '', subgroup: '', groupName: '', subgroupName: '', shipped: 6, override: null, updatedAt: null },
  { group: 'fats and oils', subgroup: 'butters', groupName: 'matières grasses', subgroupName: 'beurres', shipped: 11, override: 12.5, updatedAt: '2026-11-20T10:00:00Z' },
]

describe.each([
  ['fr', fr],
  ['en', en],
] as const)('admin prices page in %s', (lng, m) => {
  const props = (extra: object = {}) => ({ ...sharedProps({ locale: lng, auth: { user: { ...user, role: 'ADMIN', balance: 2 } } }), prices, maxPrice: 1000, ...extra })

  it('lists shipped and current estimates with a labelled form per row', async () => {
    await renderPage('admin/prices', Prices, props() as never, lng, '/dashboard/admin/prices')
    const table = screen.getByRole('table', { name: m.admin.prices.tableLabel })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toHaveTextContent(m.admin.prices.default)
    expect(rows[2]).toHaveTextContent('matières grasses › beurres')
    expect(rows[2]).toHaveTextContent(lng === 'fr' ? '11,00' : '€11.00')
    expect(rows[2]).toHaveTextContent(lng === 'fr' ? '12,50' : '€12.50')
    const input = screen.getByLabelText(m.admin.prices.newPrice.replace('{{name}}', 'matières grasses › beurres'))
    expect(input).toHaveValue('12.5')
    expect(screen.getByRole('link', { name: m.admin.nav.prices })).toHaveAttribute('aria-current', 'page')
  })

  it('names each row in its save button for screen readers', async () => {
    await renderPage('admin/prices', Prices, props() as never, lng, '/dashboard/admin/prices')
    const rows = within(screen.getByRole('table', { name: m.admin.prices.tableLabel })).getAllByRole('row')
    expect(within(rows[2] as HTMLElement).getByRole('button')).toHaveTextContent(`${m.admin.prices.save} matières grasses › beurres`)
    expect(within(rows[1] as HTMLElement).getByRole('button')).toHaveTextContent(`${m.admin.prices.save} ${m.admin.prices.default}`)
  })
})
