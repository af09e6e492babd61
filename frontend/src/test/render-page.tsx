import { App, type ResolvedComponent } from '@inertiajs/react'
import type { Page } from '@inertiajs/core'
import { render } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { layoutFor, loadLayout } from '../layouts'
import type { Locale, SharedProps } from '../types'
import { testI18n } from './i18n'

/** Renders a page component the way app.tsx does: Inertia's App, central layout, i18n. */
export async function renderPage(
  component: string,
  Page: ResolvedComponent,
  props: SharedProps & Record<string, unknown>,
  lng: Locale = 'fr',
  url = '/',
) {
  // Every area's messages, as app.tsx loads them before a page renders.
  const i18n = await testI18n(lng)
  await loadLayout(component)
  const page = {
    component,
    props,
    url,
    version: null,
    flash: {},
    rescuedProps: [],
    rememberedState: {},
  } as unknown as Page
  const result = render(
    <I18nextProvider i18n={i18n}>
      <App
        initialPage={page}
        initialComponent={Page}
        resolveComponent={() => Page}
        titleCallback={(title: string) => `${title} - Gamelle`}
        defaultLayout={layoutFor}
      />
    </I18nextProvider>,
  )
  return { ...result, i18n }
}
