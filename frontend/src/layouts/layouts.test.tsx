import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { en } from '../locales/en'
import { fr } from '../locales/fr'
import { pageNames } from '../lib/resolve-page'
import { sharedProps, user } from '../test/fixtures'
import { renderPage } from '../test/render-page'
import type { Role } from '../types'
import { TextField } from '../components/ui/field'
import AuthLayout from './auth-layout'
import DashboardLayout from './dashboard-layout'
import { layoutFor, loadLayout } from './index'
import PublicLayout from './public-layout'

function Placeholder() {
  return <p>placeholder page</p>
}

describe('layout choice', () => {
  it('is made from the page name prefix', async () => {
    expect(layoutFor('public/landing')).toBe(PublicLayout)
    expect(layoutFor('errors/not-found')).toBe(PublicLayout)
    expect(await loadLayout('dashboard/general')).toBe(DashboardLayout)
    expect(layoutFor('mealprep/show')).toBe(DashboardLayout)
    expect(await loadLayout('auth/login')).toBe(AuthLayout)
    expect(layoutFor('auth/register')).toBe(AuthLayout)
  })

  it('pages are named <area>/<kebab-case-name>', () => {
    const names = pageNames()
    expect(names).toEqual(expect.arrayContaining(['public/landing', 'public/terms', 'public/privacy', 'public/waitlist', 'errors/not-found', 'errors/server-error', 'errors/forbidden', 'errors/page-expired']))
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)+$/)
  })
})

describe('dashboard layout', () => {
  const renderAs = (role: Role, lng: 'fr' | 'en' = 'fr') =>
    renderPage('dashboard/placeholder', Placeholder, sharedProps({ auth: { user: { ...user, role } } }), lng, '/dashboard/general')

  it('shows General, Account and Products to a USER, not Admin', async () => {
    await renderAs('USER')
    const nav = screen.getAllByRole('navigation', { name: fr.nav.dashboard, hidden: true })[0]!
    const links = within(nav).getAllByRole('link', { hidden: true }).map((a) => a.textContent)
    expect(links).toEqual([fr.nav.general, fr.nav.account, fr.nav.settings, fr.nav.products])
    expect(within(nav).getByRole('link', { name: fr.nav.general, hidden: true })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByText('placeholder page')).toBeInTheDocument()
  })

  it('adds Admin for an ADMIN, in English too', async () => {
    await renderAs('ADMIN', 'en')
    const nav = screen.getAllByRole('navigation', { name: en.nav.dashboard, hidden: true })[0]!
    const links = within(nav).getAllByRole('link', { hidden: true }).map((a) => a.textContent)
    expect(links).toEqual([en.nav.general, en.nav.account, en.nav.settings, en.nav.products, en.nav.admin])
  })

  it('shows the balance', async () => {
    await renderAs('USER')
    expect(screen.getByTestId('balance')).toHaveTextContent('2 jetons')
  })
})

describe('public layout', () => {
  it('has landmarks, main navigation from the configuration and the footer links', async () => {
    await renderPage('public/placeholder', Placeholder, sharedProps({ flash: { success: 'Merci !' } }), 'fr')
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveTextContent('placeholder page')
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
    const nav = screen.getAllByRole('navigation', { name: fr.nav.main })[0]!
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/#features', '/#proof', '/#pricing', '/#faq'])
    expect(screen.getByRole('link', { name: fr.footer.terms })).toHaveAttribute('href', '/terms')
    expect(screen.getByRole('link', { name: fr.footer.privacy })).toHaveAttribute('href', '/privacy')
    expect(screen.getByRole('status')).toHaveTextContent('Merci !')
  })
})

describe('forms and keyboard', () => {
  function FieldPage() {
    return (
      <form>
        <TextField id="name" label="Nom" error="Le nom est requis." defaultValue="" />
        <TextField id="email" label="E-mail" error="Adresse invalide." defaultValue="" />
      </form>
    )
  }

  it('focuses the first invalid field after a refused submit, and an error clears when its field changes', async () => {
    const user = userEvent.setup()
    await renderPage('auth/placeholder', FieldPage, sharedProps({ errors: { name: 'Le nom est requis.', email: 'Adresse invalide.' } }), 'fr', '/auth/register')
    const name = screen.getByLabelText('Nom')
    expect(document.activeElement).toBe(name)
    expect(screen.getByText('Le nom est requis.')).toBeInTheDocument()
    await user.type(name, 'Zoé')
    expect(screen.queryByText('Le nom est requis.')).not.toBeInTheDocument()
    expect(name).not.toHaveAttribute('aria-invalid')
    expect(screen.getByText('Adresse invalide.')).toBeInTheDocument()
  })

  it('Escape closes the mobile menu', async () => {
    const user = userEvent.setup()
    await renderPage('public/placeholder', Placeholder, sharedProps(), 'fr', '/')
    const toggle = screen.getByRole('button', { name: fr.nav.openMenu })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })
})
