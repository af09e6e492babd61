import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { packs, sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import Landing from './landing'

const renderLanding = (lng: 'fr' | 'en') => renderPage('public/landing', Landing, { ...sharedProps({ locale: lng }), packs }, lng)

beforeEach(() => {
  localStorage.clear()
})

describe.each([
  ['fr', fr],
  ['en', en],
] as const)('landing page in %s', (lng, messages) => {
  it('renders the hero, all sections and the anchors', async () => {
    await renderLanding(lng)
    expect(screen.getByRole('heading', { level: 1, name: messages.landing.hero.title })).toBeInTheDocument()
    for (const id of ['features', 'proof', 'pricing', 'faq']) {
      expect(document.getElementById(id)).not.toBeNull()
    }
    await waitFor(() => expect(document.title).toBe(`${messages.landing.title} - Gamelle`))
  })

  it('says what the free start gives where it is promised', async () => {
    await renderLanding(lng)
    const cta = screen.getByRole('region', { name: messages.landing.finalCta.heading })
    expect(within(cta).getByRole('link', { name: messages.nav.getStarted })).toBeInTheDocument()
    // No-break spaces keep a number with its noun; any space reads as one here.
    const text = (cta.textContent ?? '').replace(/\s/g, ' ')
    // 2 tokens are 2 recipes; a week (4 or more) and the needs calculation (10) take a pack.
    expect(text).toMatch(lng === 'fr' ? /2 jetons offerts, soit 2 recettes/ : /2 free tokens, that is 2 recipes/)
    expect(text).toMatch(/\(4 [^)]*\)/)
    expect(text).toContain('(10 ')
    expect(text).not.toMatch(/deux clics|two clicks/)
  })

  it('renders the 6 feature cards from the configuration', async () => {
    await renderLanding(lng)
    const cards = screen.getAllByTestId('feature-card')
    expect(cards).toHaveLength(6)
    expect(cards[0]).toHaveTextContent(messages.landing.features.recipes.title)
    expect(cards[5]).toHaveTextContent(messages.landing.features.tokens.description.replace(/\s+/g, ' '))
  })

  it('shows measured facts and a real example plate, no invented testimonials', async () => {
    await renderLanding(lng)
    expect(screen.queryAllByTestId('testimonial')).toHaveLength(0)
    expect(document.querySelector('img[src^="/build/avatars/"]')).toBeNull()
    const facts = screen.getAllByTestId('proof-fact')
    expect(facts).toHaveLength(3)
    expect(facts[0]).toHaveTextContent(messages.landing.proof.tolerance.title.replace(/\s+/g, ' '))
    const plate = screen.getByTestId('proof-example')
    expect(plate).toHaveTextContent(messages.landing.proof.example.name)
    expect(plate).toHaveTextContent(lng === 'fr' ? 'Cible par portion : 698 kcal, 45 g de protéines' : 'Target per serving: 698 kcal, 45 g protein')
    expect(within(plate).getAllByRole('listitem')).toHaveLength(4)
  })

  it('renders the 9 FAQ entries, closed', async () => {
    await renderLanding(lng)
    const faq = screen.getByTestId('faq-list')
    const buttons = within(faq).getAllByRole('button')
    expect(buttons).toHaveLength(9)
    expect(buttons[0]).toHaveAccessibleName(messages.landing.faq['1'].question)
    for (const button of buttons) expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  it('renders the packs with badges, per-token price, tokens per currency unit and discount', async () => {
    await renderLanding(lng)
    const cards = screen.getAllByTestId('pack')
    expect(cards).toHaveLength(3)
    const [small, popular, best] = cards as [HTMLElement, HTMLElement, HTMLElement]

    expect(within(small).queryByTestId('pack-badge')).toBeNull()
    expect(within(small).queryByTestId('pack-discount')).toBeNull()
    expect(within(popular).getByTestId('pack-badge')).toHaveTextContent(messages.landing.pricing.mostPopular)
    expect(within(best).getByTestId('pack-badge')).toHaveTextContent(messages.landing.pricing.bestValue)

    const nbsp = /[\u00a0\u202f ]/g
    const text = (el: HTMLElement) => (el.textContent ?? '').replace(nbsp, ' ')
    if (lng === 'fr') {
      expect(text(small)).toContain('4,99 €')
      expect(text(small)).toContain('0,25 € par jeton')
      expect(text(small)).toContain('4 jetons pour 1 €')
      expect(text(best)).toContain('6 jetons pour 1 €')
      expect(text(popular)).toContain('−20 %')
      expect(text(best)).toContain('−33 %')
    } else {
      expect(text(small)).toContain('€4.99')
      expect(text(small)).toContain('€0.25 per token')
      expect(text(small)).toContain('4 tokens per €1')
      expect(text(best)).toContain('6 tokens per €1')
      expect(text(popular)).toContain('20% off')
      expect(text(best)).toContain('33% off')
    }
  })
})

describe('landing pricing', () => {
  it('shows the tokens per currency unit the server computed, without recomputing them', async () => {
    // A value that tokens ÷ price would not give: the page must print the prop as it came.
    const odd = packs.map((p, i) => ({ ...p, tokensPerUnit: i === 0 ? 7.5 : p.tokensPerUnit }))
    await renderPage('public/landing', Landing, { ...sharedProps({ locale: 'en' }), packs: odd }, 'en')
    const [small] = screen.getAllByTestId('pack') as [HTMLElement]
    expect(within(small).getByTestId('pack-per-unit').textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('7.5 tokens per')
  })
})

describe('landing page interactions', () => {
  it('opens and closes a FAQ entry with the keyboard', async () => {
    const user = userEvent.setup()
    await renderLanding('fr')
    const buttons = within(screen.getByTestId('faq-list')).getAllByRole('button')
    const first = buttons[0]!
    const panel = document.getElementById(first.getAttribute('aria-controls') ?? '')!
    expect(panel).not.toBeVisible()

    first.focus()
    await user.keyboard('{Enter}')
    expect(first).toHaveAttribute('aria-expanded', 'true')
    expect(panel).toBeVisible()
    expect(panel).toHaveTextContent(fr.landing.faq['1'].answer)

    await user.keyboard(' ')
    expect(first).toHaveAttribute('aria-expanded', 'false')

    await user.keyboard('{ArrowDown}')
    expect(buttons[1]).toHaveFocus()
    await user.keyboard('{End}')
    expect(buttons[8]).toHaveFocus()
  })

  it('switches language from the header and updates <html lang>', async () => {
    const user = userEvent.setup()
    const { i18n } = await renderLanding('fr')
    const switcher = screen.getAllByRole('group', { name: fr.language.label })[0]!
    await user.click(within(switcher).getByRole('button', { name: /English/ }))
    expect(i18n.language).toBe('en')
    expect(document.documentElement.lang).toBe('en')
    expect(screen.getByRole('heading', { level: 1, name: en.landing.hero.title })).toBeInTheDocument()
    expect(within(switcher).getByRole('button', { name: /English/ })).toHaveAttribute('aria-pressed', 'true')
  })
})
