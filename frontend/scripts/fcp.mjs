// First contentful paint of a page in Debian's Chromium (the browser tests' one, driven by
// playwright-core), with DevTools' "Slow 4G" network and a 4× CPU slowdown set through the
// Chrome DevTools Protocol; each load in a fresh context (cold cache). Used by `make bench`
// (cmd/bench/fcp.go): node scripts/fcp.mjs RUNS URL...; prints one JSON line per URL:
// {"url", "fcp": [ms...], "js": bytes of JavaScript received before FCP... }.
import { chromium } from 'playwright-core'

const [runs, ...urls] = process.argv.slice(2)
// Chromium's DevTools presets (front_end/core/sdk/NetworkManager.ts): Slow 4G.
const slow4G = { offline: false, latency: 150 * 3.75, downloadThroughput: (1.6 * 1000 * 1000) / 8 * 0.9, uploadThroughput: (750 * 1000) / 8 * 0.9 }
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const results = urls.map((url) => ({ url, fcp: [], trips: [], htmlEnd: [], before: [], jsBytes: 0 }))
try {
  // Interleaved: machine load hits every URL alike.
  for (let i = 0; i < Number(runs); i++) {
    for (const r of results) {
      const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      await cdp.send('Network.emulateNetworkConditions', slow4G)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      let js = 0
      cdp.on('Network.loadingFinished', (e) => (js += e.encodedDataLength))
      await page.goto(r.url, { waitUntil: 'load', timeout: 60_000 })
      // FCP from the paint timing; the main heading's text in place tells content from a blank shell.
      const fcp = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const seen = performance.getEntriesByName('first-contentful-paint')[0]
            if (seen) return resolve(seen.startTime)
            new PerformanceObserver((l) => {
              const e = l.getEntriesByName('first-contentful-paint')[0]
              if (e) resolve(e.startTime)
            }).observe({ type: 'paint', buffered: true })
          }),
      )
      await page.waitForSelector('h1')
      // Round trips before first paint: the requests done by then, chained (a request that
      // starts once an earlier one's answer is in is one more trip; parallel ones share it).
      const trips = await page.evaluate((paint) => {
        const done = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
          .filter((e) => e.responseEnd > 0 && e.responseEnd <= paint)
          .sort((a, b) => a.startTime - b.startTime)
        let n = 0
        let end = -1
        for (const e of done) {
          if (e.startTime >= end) {
            n++
            end = e.responseEnd
          }
        }
        return { n, names: done.map((e) => e.name.replace(/^https?:\/\/[^/]+/, '')), html: performance.getEntriesByType('navigation')[0]?.responseEnd ?? 0 }
      }, fcp)
      r.trips.push(trips.n)
      r.before = trips.names
      r.htmlEnd.push(Math.round(trips.html))
      r.fcp.push(Math.round(fcp))
      r.jsBytes = js
      await context.close()
    }
  }
} finally {
  await browser.close()
}
for (const r of results) console.log(JSON.stringify({ url: r.url, fcp: r.fcp, trips: r.trips, htmlEnd: r.htmlEnd, before: r.before, bytes: r.jsBytes }))
