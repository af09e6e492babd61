#!/usr/bin/env node
// Makes the installed app's icons from the favicon's mark (handlers/static/favicon.svg):
// handlers/static/icons/icon-<size>.png (rounded, for the manifest's "any" purpose),
// maskable-512.png (full bleed, the mark inside the 80 % safe zone) and apple-touch-icon.png
// (180 px, square: iOS rounds it itself). Rendered by the Debian Chromium the browser tests use;
// run with `node scripts/app-icons.mjs` after changing the mark. The PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(resolve(repo, 'frontend', 'package.json'))
const { chromium } = require('playwright-core')

const GREEN = '#15803d'
// The favicon's bowl and steam, on a 64×64 grid.
const mark = `<path d="M14 30h36a18 18 0 0 1-36 0z" fill="#fff"/><path d="M22 24c0-5 4-8 4-12M32 24c0-5 4-8 4-12M42 24c0-5 4-8 4-12" stroke="#bbf7d0" stroke-width="3" fill="none" stroke-linecap="round"/>`
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${GREEN}"/>${mark}</svg>`
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${GREEN}"/><g transform="translate(4 4) scale(0.875)">${mark}</g></svg>`
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${GREEN}"/><g transform="translate(9.6 9.6) scale(0.7)">${mark}</g></svg>`

export const SIZES = [72, 96, 128, 144, 152, 192, 384, 512]
const out = resolve(repo, 'handlers/static/icons')
mkdirSync(out, { recursive: true })

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] })
const page = await browser.newPage()
async function shot(svg, size, file) {
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`)
  writeFileSync(resolve(out, file), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }))
}
for (const s of SIZES) await shot(rounded, s, `icon-${s}.png`)
await shot(maskable, 512, 'maskable-512.png')
await shot(square, 180, 'apple-touch-icon.png')
await browser.close()
