/**
 * Accessibility and layout checks every browser test can run on its pages:
 *
 *   await expectAccessible(page)              // axe-core: fails on serious or critical violations
 *   await expectFitsAllWidths(page, '/x')     // 320…1280 px: no sideways scroll, header on one line
 *   await expectFitsWidths(page, 'label')     // the same on the page as it is (resized, not reloaded)
 *   await checkPage(page, '/x', 'x')          // both on one load, plus a screenshot per width in test-output/
 *
 * axe-core runs in the page through @axe-core/playwright (with playwright-core and Debian's
 * chromium, like the rest of the harness), in its legacy mode (see expectAccessible). Minor and moderate findings are not failures: they
 * are printed so they stay visible.
 */
import { AxeBuilder } from '@axe-core/playwright'
import axe from 'axe-core'
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { outputDir } from './server'

/** The widths the issue asks every page to hold at (phone, large phone, tablet, laptop, desktop). */
export const WIDTHS = [320, 390, 768, 1024, 1280] as const

/** Impacts that fail a test. */
const FAILING = new Set(['serious', 'critical'])

export interface AxeOptions {
  /** CSS selectors left out of the scan (a third-party widget, say); keep it empty if you can. */
  exclude?: string[]
}

/** One line per violation and node, readable in a test failure. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `[${v.impact}] ${v.id}: ${v.help} — ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
  )
}

/**
 * Runs axe-core (WCAG 2.x A/AA rules and best practices) on the page as it is now and fails on
 * any serious or critical violation, listing each one.
 */
export async function expectAccessible(page: Page, options: AxeOptions = {}): Promise<void> {
  // Transitions (the FAQ, flash messages) would let axe see half-faded colours.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  // Legacy mode runs axe.run() in the page itself. The default (runPartial per frame, then
  // finishRun in a new blank page, which injects axe-core's 550 KB a second time) only adds
  // cross-origin frames, which the app has none of, and took 2.2× as long: same rules, same
  // results on every page a11y.e2e checks (docs/performance.md, "make test").
  // AxeBuilder evaluates axe-core's 1.5 MB source twice on every analyze(), four times for a
  // page checkPage scans at two widths. It goes into the document once here; the builder is
  // then given an empty source, so it only configures and runs the copy already loaded
  // (docs/performance.md, "make test").
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  let builder = new AxeBuilder({ page: page as never, axeSource: ';' })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode()
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  const result = await builder.analyze()
  const failing = result.violations.filter((v) => FAILING.has(v.impact ?? ''))
  const other = result.violations.filter((v) => !FAILING.has(v.impact ?? ''))
  if (other.length > 0) process.stderr.write(`axe (not failing) on ${page.url()}:\n  ${describeViolations(other).join('\n  ')}\n`)
  expect(describeViolations(failing), `axe-core on ${page.url()}`).toEqual([])
}

/**
 * What is wrong with the layout at the current width: a page wider than the window, or a
 * control in a banner (<header>) that wraps onto two lines or sticks out of the window.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const overflow = document.documentElement.scrollWidth - window.innerWidth
    if (overflow > 0) problems.push(`page is ${overflow}px wider than the window`)
    const controls = document.querySelectorAll<HTMLElement>('header a, header button, header [data-testid=balance]')
    for (const el of controls) {
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || el.closest('[hidden]')) continue
      const label = (el.innerText || el.getAttribute('aria-label') || el.tagName).trim().replace(/\s+/g, ' ')
      if (box.left < 0 || box.right > window.innerWidth + 0.5) problems.push(`"${label}" sticks out of the window (${Math.round(box.left)}–${Math.round(box.right)}px)`)
      // One line of text: the line boxes of its visible text (screen-reader-only text aside) sit
      // on one row, within half a line of each other.
      const rects: DOMRect[] = []
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement
        if (!parent || !node.textContent?.trim()) continue
        const parentBox = parent.getBoundingClientRect()
        if (parentBox.width <= 1 || parentBox.height <= 1) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        rects.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0))
      }
      if (rects.length > 0) {
        const line = Math.min(...rects.map((r) => r.height))
        const rows: number[] = []
        for (const r of rects) if (!rows.some((top) => Math.abs(top - r.top) < line / 2)) rows.push(r.top)
        if (rows.length > 1) problems.push(`"${label}" wraps onto ${rows.length} lines`)
      }
    }
    return problems
  })
}

/** Lets the page react to a new viewport (media queries, resize listeners, a re-render) before it is measured. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        requestAnimationFrame(() => requestAnimationFrame(() => done()))
      }),
  )
  await page.evaluate(() => document.fonts.ready)
}

/**
 * Resizes the page as it is now (no reload) to each width, narrowest first, and fails if it
 * scrolls sideways or a header control wraps or leaves the window there. With `screenshot`,
 * writes test-output/<screenshot>-<width>.png. Resizing instead of reloading measures the same
 * layout: the app lays out with CSS media queries only (no script reads the window's width), so
 * a resized page and a page loaded at that width match (checked on every page of a11y.e2e, see
 * docs/performance.md, "make test"). Leaves the page at 1280 × 900.
 */
export async function expectFitsWidths(page: Page, label: string, options: { screenshot?: string; widths?: readonly number[] } = {}): Promise<void> {
  const problems: string[] = []
  for (const width of [...(options.widths ?? WIDTHS)].sort((a, b) => a - b)) {
    await page.setViewportSize({ width, height: 800 })
    await settled(page)
    for (const p of await layoutProblems(page)) problems.push(`${width}px: ${p}`)
    if (options.screenshot) {
      mkdirSync(outputDir, { recursive: true })
      // The screenshot is for a person to look at, not an assertion: one that Chromium does not
      // deliver in 10 s (seen once at load 13–18, docs/performance.md) is skipped, not a failure.
      await page
        .screenshot({ path: resolve(outputDir, `${options.screenshot}-${width}.png`), timeout: 10_000 })
        .catch((e: unknown) => console.warn(`screenshot ${options.screenshot}-${width} skipped: ${String(e)}`))
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  expect(problems, `layout of ${label}`).toEqual([])
}

/**
 * Opens `path` once at the narrowest width (a phone's first load), then checks every width by
 * resizing (expectFitsWidths). `ready` waits for what shows the page has rendered (default: an h1).
 */
export async function expectFitsAllWidths(
  page: Page,
  path: string,
  options: { screenshot?: string; ready?: (page: Page) => Promise<unknown>; widths?: readonly number[] } = {},
): Promise<void> {
  const widths = options.widths ?? WIDTHS
  await page.setViewportSize({ width: Math.min(...widths), height: 800 })
  await page.goto(path)
  await (options.ready ? options.ready(page) : page.locator('h1').first().waitFor())
  await expectFitsWidths(page, path, { screenshot: options.screenshot, widths })
}

/**
 * The whole check for one page, on one load: axe-core at 320 px (the mobile layout shows other
 * controls), every width by resizing (with a screenshot each), then axe-core again at 1280 px.
 * `ready` waits for what shows the page has rendered (default: an h1).
 */
export async function checkPage(page: Page, path: string, name: string, options: AxeOptions & { ready?: (page: Page) => Promise<unknown> } = {}): Promise<void> {
  await page.setViewportSize({ width: 320, height: 800 })
  await page.goto(path)
  await (options.ready ?? ((p: Page) => p.locator('h1').first().waitFor()))(page)
  await checkLoadedPage(page, name, options)
}

/**
 * checkPage for a page already loaded (after a click, a form, a redirect): axe-core at 320 px,
 * every width, axe-core at 1280 px. Leaves the page at 1280 × 900.
 */
export async function checkLoadedPage(page: Page, name: string, options: AxeOptions = {}): Promise<void> {
  await page.setViewportSize({ width: 320, height: 800 })
  await settled(page)
  await expectAccessible(page, options)
  await expectFitsWidths(page, page.url(), { screenshot: name })
  await settled(page)
  await expectAccessible(page, options)
}

/**
 * Tabs through the first `presses` focus stops of the page as a keyboard user would and fails
 * unless each one shows a focus ring at least 3 px wide whose colour keeps at least 3:1 against
 * the background around it (WCAG 2.4.13 / 1.4.11), not a 1 px colour change.
 */
export async function expectVisibleFocusRings(page: Page, presses = 12): Promise<void> {
  const problems: string[] = []
  await page.locator('body').click({ position: { x: 1, y: 1 } })
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab')
    const problem = await page.evaluate(async () => {
      const el = document.activeElement as HTMLElement | null
      if (!el || el === document.body) return null
      // Buttons fade their outline colour in (transition-colors): measure the settled ring.
      await Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined)))
      // Any CSS colour (oklch included) to sRGB through a canvas pixel.
      const canvas = document.createElement('canvas')
      canvas.width = canvas.height = 1
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!
      const rgba = (css: string): [number, number, number, number] => {
        ctx.clearRect(0, 0, 1, 1)
        ctx.fillStyle = '#000'
        ctx.fillStyle = css
        ctx.fillRect(0, 0, 1, 1)
        const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data
        return [r!, g!, b!, a! / 255]
      }
      const luminance = ([r, g, b]: number[]) => {
        const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
        return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!)
      }
      let bg: [number, number, number, number] = [255, 255, 255, 1]
      for (let p = el.parentElement; p; p = p.parentElement) {
        const c = rgba(getComputedStyle(p).backgroundColor)
        if (c[3] > 0.5) {
          bg = c
          break
        }
      }
      const style = getComputedStyle(el)
      const name = `${el.tagName.toLowerCase()} "${(el.innerText || el.getAttribute('aria-label') || el.id || '').trim().slice(0, 30)}"`
      const width = parseFloat(style.outlineWidth)
      if (style.outlineStyle === 'none' || width < 3) return `${name}: outline ${style.outlineStyle} ${style.outlineWidth}`
      const ring = luminance(rgba(style.outlineColor))
      const back = luminance(bg)
      const ratio = (Math.max(ring, back) + 0.05) / (Math.min(ring, back) + 0.05)
      return ratio < 3 ? `${name}: ring contrast ${ratio.toFixed(2)}:1 (${style.outlineColor} on rgb(${bg.slice(0, 3).join(', ')}))` : null
    })
    if (problem) problems.push(problem)
  }
  expect(problems, `focus rings on ${page.url()}`).toEqual([])
}
