import { fireEvent, screen, within } from '@testing-library/react'
import { router } from '@inertiajs/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { appConfig, sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import type { OnboardingProps, OnboardingStep } from '../../types/onboarding'
import Onboarding from './index'

const options: OnboardingProps['options'] = {
  diets: ['omnivore', 'vegetarian', 'vegan'],
  objectives: ['weight_loss', 'muscle_gain', 'recomposition', 'maintenance'],
  presets: [
    { name: 'default', split: { protein: 25, fat: 25, carbs: 50 } },
    { name: 'high_protein', split: { protein: 40, fat: 30, carbs: 30 } },
    { name: 'high_carbs', split: { protein: 25, fat: 15, carbs: 60 } },
    { name: 'low_carbs', split: { protein: 45, fat: 40, carbs: 15 } },
    { name: 'balanced', split: { protein: 33, fat: 33, carbs: 33 } },
  ],
}

function props(step: OnboardingStep, lng: 'fr' | 'en', extra: Partial<OnboardingProps> & { errors?: Record<string, string> } = {}) {
  const { errors = {}, ...rest } = extra
  return {
    ...sharedProps({ locale: lng, errors }),
    step,
    answers: { email: 'lea@example.fr', diet: 'vegan', objective: 'maintenance', macroPreset: 'high_protein' },
    options,
    promo: step === 4 ? { code: 'BIENVENUE30', percent: 30 } : null,
    ...rest,
  } as const
}

const show = (step: OnboardingStep, lng: 'fr' | 'en', extra = {}) =>
  renderPage('onboarding/index', Onboarding, props(step, lng, extra) as never, lng, '/onboarding')

beforeEach(() => localStorage.clear())

describe.each([
  ['fr', fr],
  ['en', en],
] as const)('onboarding in %s', (lng, m) => {
  it('marks the current step in the stepper', async () => {
    await show(2, lng)
    const items = within(screen.getByTestId('stepper')).getAllByRole('listitem')
    expect(items).toHaveLength(4)
    expect(items.map((i) => i.dataset.state)).toEqual(['done', 'current', 'todo', 'todo'])
    expect(items[1]).toHaveAttribute('aria-current', 'step')
    expect(items[1]).toHaveTextContent(m.onboarding.steps.preferences)
    expect(screen.getByTestId('step-status')).toHaveTextContent(m.onboarding.stepOf.replace('{{current}}', '2').replace('{{total}}', '4'))
  })

  it('step 1 asks for the email, shows the server error and the social buttons', async () => {
    await show(1, lng, { errors: { email: 'A valid email is required to continue.' } })
    expect(screen.getByRole('heading', { level: 1, name: m.onboarding.email.heading })).toBeInTheDocument()
    const input = screen.getByLabelText(m.onboarding.email.label)
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('A valid email is required to continue.')
    const social = screen.getByTestId('social-buttons')
    expect(within(social).getByRole('link', { name: m.social.google })).toHaveAttribute('href', '/google/redirect')
    expect(within(social).getByRole('link', { name: m.social.apple })).toHaveAttribute('href', '/apple/redirect')
  })

  it('step 2 offers every diet, objective and macro preset with its split', async () => {
    await show(2, lng, { errors: { objective: 'x' } })
    const legends = [m.onboarding.preferences.diet.legend, m.onboarding.preferences.objective.legend, m.onboarding.preferences.preset.legend]
    expect(legends.map((name) => within(screen.getByRole('group', { name })).getAllByRole('radio').length)).toEqual([3, 4, 5])
    expect(screen.getByRole('radio', { name: new RegExp(m.onboarding.preferences.diet.vegan) })).toBeChecked()
    expect(screen.getByRole('radio', { name: new RegExp(m.onboarding.preferences.objective.recomposition) })).toBeInTheDocument()
    const lowCarbs = screen.getByRole('radio', { name: new RegExp(m.onboarding.preferences.preset.low_carbs) })
    expect(lowCarbs.closest('label')).toHaveTextContent(/45.*40.*15/)
    expect(screen.getByRole('group', { name: m.onboarding.preferences.objective.legend })).toHaveAttribute('aria-invalid', 'true')
  })

  it('step 3 summarises the answers and warns that the address must be real', async () => {
    await show(3, lng)
    expect(screen.getByTestId('onboarding-summary')).toHaveTextContent('lea@example.fr')
    expect(screen.getByTestId('onboarding-summary')).toHaveTextContent(m.onboarding.preferences.diet.vegan)
    expect(screen.getByRole('note')).toHaveTextContent(m.onboarding.account.notice.replace(/\s+/g, ' '))
    expect(screen.getByRole('button', { name: m.onboarding.account.submit })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: m.onboarding.back })).toBeInTheDocument()
  })

  it('step 4 ends with the promo card and no placeholder video', async () => {
    await show(4, lng)
    const promo = screen.getByTestId('promo-card')
    expect(within(promo).getByTestId('promo-code')).toHaveTextContent('BIENVENUE30')
    expect(promo).toHaveTextContent(m.onboarding.features.promo.body)
    expect(screen.queryByTestId('onboarding-video')).toBeNull()
    expect(document.querySelector('video')).toBeNull()
  })

  it('step 4 asks for the code by POST, which sends it, instead of a link to the code page', async () => {
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => {})
    await show(4, lng)
    const end = screen.getByTestId('onboarding-end')
    expect(within(end).queryByRole('link', { name: m.onboarding.features.login })).toBeNull()
    fireEvent.click(within(end).getByRole('button', { name: m.onboarding.features.login }))
    expect(visit).toHaveBeenCalledTimes(1)
    const [href, options] = visit.mock.calls[0]!
    expect(String(href)).toMatch(/\/auth\/otp\/login$/)
    expect(options).toMatchObject({ method: 'post', data: { email: 'lea@example.fr' } })
    visit.mockRestore()
  })
})

it('hides the social buttons when no provider is configured', async () => {
  await renderPage('onboarding/index', Onboarding, { ...props(1, 'en'), app: { ...appConfig, availableProviders: [] } } as never, 'en', '/onboarding')
  expect(screen.queryByTestId('social-buttons')).toBeNull()
})

describe.each([
  ['fr', fr],
  ['en', en],
] as const)('the terms and privacy policy in %s', (lng, m) => {
  const text = (s: string) => s.replace(/<\/?\w+>/g, '')

  it('step 3, whose button creates the account, states what creating it accepts, with links', async () => {
    await show(3, lng)
    const notice = screen.getByTestId('terms-notice')
    expect(notice).toHaveTextContent(text(m.auth.register.terms))
    const links = within(notice).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/terms', '/privacy'])
  })

  it('step 1 states it under the provider buttons, which create the account at once, and not without them', async () => {
    const { unmount } = await show(1, lng)
    expect(screen.getByTestId('terms-notice')).toHaveTextContent(text(m.auth.register.termsContinue))
    unmount()
    await renderPage('onboarding/index', Onboarding, { ...props(1, lng), app: { ...appConfig, availableProviders: [] } } as never, lng, '/onboarding')
    expect(screen.queryByTestId('terms-notice')).toBeNull()
  })
})
