// @vitest-environment node
import type { Page } from '@inertiajs/core'
import { describe, expect, it } from 'vitest'
import targets from '../prerender-pages.json'
import { render } from './ssr'

/**
 * The Go server picks a prerendered page by a key that leaves out the person signed in (only that
 * someone is) and settings the public pages do not draw (handlers/prerender.go, notRendered): the
 * HTML must not depend on them, or a hydration would find other content than the build rendered.
 */
const pages = (targets as unknown as { key: string; page: Page }[]).map((t) => t.page)

function withChanges(page: Page): Page {
  const props = structuredClone(page.props) as Record<string, any>
  if (props.auth?.user) {
    props.auth.user = { ...props.auth.user, id: 'f0f0f0f0-0000-4000-8000-000000000001', name: 'Zoé', surname: 'Ødegård', email: 'z@example.org', role: 'ADMIN', balance: 1234, verified: false }
  }
  props.app = {
    ...props.app,
    availableProviders: props.app.availableProviders.length ? [] : ['google', 'apple'],
    brandUrl: 'https://elsewhere.example',
    dashboardRouteList: [],
    isOtpAvailable: !props.app.isOtpAvailable,
    isCredentialsAvailable: !props.app.isCredentialsAvailable,
  }
  if (page.component !== 'public/legal') props.app.legal = { publisher: 'Other', address: '1 rue X', director: 'Y', host: 'Z', contactEmail: 'x@y.z' }
  return { ...page, props, url: `${page.url}&other=1` } as Page
}

describe('prerendered public pages', () => {
  it('cover every public page in French and English, signed out and in', () => {
    const seen = new Set(pages.map((p) => `${p.component} ${p.props.locale} ${p.props.auth && (p.props.auth as any).user ? 'in' : 'out'}`))
    for (const c of ['public/landing', 'public/terms', 'public/privacy', 'public/legal', 'public/waitlist'])
      for (const l of ['fr', 'en']) for (const w of ['in', 'out']) expect(seen).toContain(`${c} ${l} ${w}`)
  })

  it.each(pages.map((p) => [`${p.component} ${p.props.locale} ${(p.props.auth as any)?.user ? 'signed in' : 'visitor'} ${p.url}`, p] as const))(
    'render the same HTML whatever the key leaves out: %s',
    async (_name, page) => {
      const a = await render(page)
      const b = await render(withChanges(page))
      expect(b.html).toBe(a.html)
      expect(b.head).toEqual(a.head)
      expect(a.html).toContain('<main')
      expect(a.html).toContain(`<h1`)
    },
  )
})
