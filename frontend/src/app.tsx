import { createInertiaApp, router } from '@inertiajs/react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { changeLocale, createI18n, currentLocale, followServerLocale, isLocale, loadAreaMessages } from './i18n'
import OfflineNotice from './components/offline-notice'
import { layoutFor, loadLayout } from './layouts'
import { announceOffline, isOfflineAnswer } from './lib/offline'
import { xsrfCookieName } from './lib/xsrf'
import { resolvePage } from './lib/resolve-page'
import { appTitle } from './lib/title'
import type { SharedProps } from './types'

/** Progress bar colour: brand-700, fixed. */
export const PROGRESS_COLOR = '#077243'

const i18n = createI18n()
// A signed-in person's pages are in their stored language, on every device.
router.on('beforeUpdate', (event) => void followServerLocale(i18n, event.detail.page.props))

// Offline: a page that is neither reachable nor saved on the device says so in the
// person's language instead of Inertia's error dialog.
router.on('networkError', (event) => {
  event.preventDefault()
  announceOffline('needsServer')
})
router.on('httpException', (event) => {
  // The session or its token expired: the saved pages go with it (docs/pwa.md, "Sessions").
  if (event.detail.response.status === 401 || event.detail.response.status === 419) void pwa.then((m) => m?.clearSavedPages())
  if (!isOfflineAnswer(event.detail.response.headers as Record<string, string | undefined>)) return
  event.preventDefault()
  announceOffline('needsServer')
})

type PwaModule = typeof import('./pwa/page')
// The service worker and the person check load after the first page (not in the landing budget).
const pwa: Promise<PwaModule | null> = new Promise((resolve) => {
  const load = () => import('./pwa/page').then(resolve, () => resolve(null))
  if (document.readyState === 'complete') load()
  else window.addEventListener('load', load, { once: true })
})
const followPerson = (props: unknown) => {
  const id = (props as Partial<SharedProps> | undefined)?.auth?.user?.id ?? null
  void pwa.then((m) => m?.followPerson(id))
}
router.on('navigate', (event) => followPerson(event.detail.page.props))
void pwa.then((m) => m?.registerServiceWorker())

// CSRF: Inertia 3's built-in XHR client echoes a cookie as X-XSRF-TOKEN on every request; in
// production the server names it __Host-XSRF-TOKEN (set before this script runs), so tell it.
void createInertiaApp({
  http: { xsrfCookieName: xsrfCookieName() },
  id: 'app',
  // A page renders once its area's messages and its layout are in (neither is in the entry
  // unless the landing page needs it: see i18n/index.ts and layouts/index.ts).
  resolve: async (name) => (await Promise.all([resolvePage(name), loadAreaMessages(i18n, name), loadLayout(name)]))[0],
  layout: (name) => layoutFor(name),
  title: appTitle,
  progress: { delay: 250, color: PROGRESS_COLOR, showSpinner: false },
  setup({ el, App, props }) {
    // The offline notice has a root of its own: a prerendered page hydrates exactly what it got.
    const notice = document.createElement('div')
    document.body.append(notice)
    createRoot(notice).render(
      <I18nextProvider i18n={i18n}>
        <OfflineNotice />
      </I18nextProvider>,
    )
    const app = (
      <I18nextProvider i18n={i18n}>
        <App {...props} />
      </I18nextProvider>
    )
    // A public page the build prerendered (docs/architecture.md, "First paint") arrives as HTML
    // in the server's language for this request: hydrate it in that language, or React would
    // find other words than it renders.
    if (el.hasAttribute('data-server-rendered')) {
      const locale = props.initialPage.props.locale
      const ready = isLocale(locale) && currentLocale(i18n) !== locale ? changeLocale(i18n, locale) : Promise.resolve()
      void ready.then(() => hydrateRoot(el, app))
      return
    }
    void followServerLocale(i18n, props.initialPage.props)
    createRoot(el).render(app)
  },
})
