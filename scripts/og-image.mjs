#!/usr/bin/env node
// Makes the link-preview (Open Graph) images, one per language: handlers/static/og-image.<lang>.png,
// 1200×630. An HTML card in the app's colours and its self-hosted Inter, with the landing page's
// own texts (frontend/src/locales/core/<lang>.ts), screenshotted by the Debian Chromium the browser
// tests use. Run it with `make og-image` after changing the card or those texts; the PNGs are
// committed (the server embeds them) and served under a content-hashed address.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const frontend = resolve(repo, 'frontend')
const require = createRequire(resolve(frontend, 'package.json'))
const { chromium } = require('playwright-core')
const ts = require('typescript')

const WIDTH = 1200
const HEIGHT = 630

/** The landing page's messages for a language, read from the frontend's TypeScript locale file. */
async function landingTexts(lang) {
  const source = readFileSync(resolve(frontend, `src/locales/core/${lang}.ts`), 'utf8')
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText
  const mod = await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`)
  return Object.values(mod)[0].landing
}

const esc = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c])

function card(lang, l, font) {
  const p = l.hero.preview
  const macros = [
    [p.protein, 42, '92%', '#078f51'],
    [p.carbs, 58, '97%', '#fb923c'],
    [p.fat, 14, '88%', '#fcd34d'],
  ]
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<style>
@font-face { font-family: 'Inter Variable'; font-weight: 100 900; src: url(data:font/woff2;base64,${font}) format('woff2-variations'); }
* { box-sizing: border-box; margin: 0; }
html, body { width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; }
body { font-family: 'Inter Variable', sans-serif; background: #ecfdf3; color: #1c1917; display: flex; align-items: center; justify-content: space-between; padding: 0 90px 0 80px; }
.left { width: 620px; }
.brand { display: flex; align-items: center; gap: 18px; font-size: 44px; font-weight: 800; letter-spacing: -0.02em; color: #1c1917; }
.brand svg { width: 68px; height: 68px; }
h1 { margin-top: 48px; font-size: 58px; line-height: 1.08; font-weight: 800; letter-spacing: -0.03em; text-wrap: balance; }
.eyebrow { display: inline-block; margin-top: 36px; padding: 10px 22px; border-radius: 999px; background: #d1fae0; color: #0a5a38; font-size: 24px; font-weight: 600; }
.right { position: relative; isolation: isolate; width: 380px; }
.back { position: absolute; inset: -10px; z-index: -1; border-radius: 40px; background: #a6f2c6; transform: rotate(3deg); }
.card { padding: 32px; border-radius: 32px; background: #fff; border: 2px solid #e7e5e4; }
.meal { font-size: 15px; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; color: #78716c; }
.title { margin-top: 6px; font-size: 22px; font-weight: 700; line-height: 1.25; }
ul { list-style: none; padding: 0; margin-top: 26px; }
li + li { margin-top: 20px; }
.row { display: flex; justify-content: space-between; font-size: 18px; }
.row span:first-child { font-weight: 600; color: #44403c; }
.row span:last-child { color: #78716c; }
.track { margin-top: 8px; height: 14px; border-radius: 7px; background: #f5f5f4; }
.bar { height: 14px; border-radius: 7px; }
.ok { display: inline-flex; align-items: center; gap: 8px; margin-top: 28px; padding: 8px 16px; border-radius: 999px; background: #ecfdf3; color: #0a5a38; font-size: 18px; font-weight: 700; }
.ok svg { width: 20px; height: 20px; }
</style>
</head>
<body>
<div class="left">
  <div class="brand">
    <svg viewBox="0 0 32 32" aria-hidden="true">
      <rect x="3" y="9" width="26" height="18" rx="5" fill="#077243"/>
      <rect x="3" y="9" width="26" height="7" rx="3.5" fill="#12b065"/>
      <path d="M11 9V7a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v2" fill="none" stroke-width="2.5" stroke="#0a5a38"/>
      <circle cx="16" cy="20.5" r="3" fill="#fb923c"/>
    </svg>
    Gamelle
  </div>
  <h1>${esc(l.hero.title)}</h1>
  <p class="eyebrow">${esc(l.hero.eyebrow)}</p>
</div>
<div class="right">
<div class="back"></div>
<div class="card">
  <p class="meal">${esc(p.meal)}</p>
  <p class="title">${esc(p.title)}</p>
  <ul>
    ${macros
      .map(
        ([label, grams, width, colour]) =>
          `<li><div class="row"><span>${esc(label)}</span><span>${esc(p.grams.replace('{{value}}', String(grams)))}</span></div>` +
          `<div class="track"><div class="bar" style="width:${width};background:${colour}"></div></div></li>`,
      )
      .join('\n    ')}
  </ul>
  <p class="ok"><svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true"><path d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z"/></svg>${esc(p.onTarget)}</p>
</div>
</div>
</body>
</html>`
}

const font = readFileSync(resolve(frontend, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')).toString('base64')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
})
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 })
  for (const lang of ['fr', 'en']) {
    await page.setContent(card(lang, await landingTexts(lang), font), { waitUntil: 'load' })
    await page.evaluate(() => document.fonts.ready)
    const loaded = await page.evaluate(() => [...document.fonts].some((f) => f.status === 'loaded'))
    if (!loaded) throw new Error('Inter did not load')
    const out = resolve(repo, `handlers/static/og-image.${lang}.png`)
    const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } })
    writeFileSync(out, png)
    console.log(`${out}: ${png.length} bytes`)
  }
} finally {
  await browser.close()
}
