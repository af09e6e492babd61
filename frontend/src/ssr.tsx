import { createInertiaApp } from '@inertiajs/react'
import type { Page } from '@inertiajs/core'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { changeLocale, createI18n, isLocale, loadAreaMessages } from './i18n'
import { layoutFor, loadLayout } from './layouts'
import { resolvePage } from './lib/resolve-page'
import { appTitle } from './lib/title'

/**
 * The build's renderer of the public pages (scripts/prerender.mjs; docs/architecture.md, "First
 * paint"): the same tree app.tsx hydrates, in the page's language, as an HTML string and the head
 * elements (title). Runs in Node at build time only; the Go server embeds its output.
 */
export async function render(page: Page): Promise<{ head: string[]; html: string }> {
  const i18n = createI18n()
  await Promise.all([loadAreaMessages(i18n, page.component), loadLayout(page.component)])
  const locale = page.props.locale
  if (isLocale(locale)) await changeLocale(i18n, locale)
  const { head, body } = await createInertiaApp({
    page,
    render: renderToString,
    resolve: (name) => resolvePage(name),
    layout: (name) => layoutFor(name),
    title: appTitle,
    setup: ({ App, props }) => (
      <I18nextProvider i18n={i18n}>
        <App {...props} />
      </I18nextProvider>
    ),
  })
  const open = '<div data-server-rendered="true" id="app">'
  const start = body.indexOf(open)
  if (start < 0 || !body.endsWith('</div>')) throw new Error(`unexpected SSR body for ${page.component}`)
  return { head, html: body.slice(start + open.length, -'</div>'.length) }
}
