// Renders the public pages to HTML at build time (docs/architecture.md, "First paint"), for the
// page objects the Go server sends (prerender-pages.json, captured by the Go test
// TestPrerenderedPagesAreCurrent), into dist/prerender/pages.json, which the binary embeds and
// serves inside the app container for the client to hydrate. Runs after `vite build`; needs
// Node at build time only.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'vite'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'dist-ssr')
rmSync(out, { recursive: true, force: true })
await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/ssr.tsx', outDir: out, emptyOutDir: true, manifest: false, copyPublicDir: false, rollupOptions: { input: 'src/ssr.tsx' } },
})
const { render } = await import(pathToFileURL(join(out, 'ssr.js')).href)
const targets = JSON.parse(readFileSync(join(root, 'prerender-pages.json'), 'utf8'))
const year = new Date().getFullYear()
const pages = []
for (const { key, page } of targets) {
  const { head, html } = await render(page)
  if (!html.includes('<main')) throw new Error(`prerender: ${page.component} rendered no <main>`)
  pages.push({ key, year, head, html })
}
mkdirSync(join(root, 'dist', 'prerender'), { recursive: true })
writeFileSync(join(root, 'dist', 'prerender', 'pages.json'), JSON.stringify(pages))
rmSync(out, { recursive: true, force: true })
console.log(`prerendered ${pages.length} public pages (dist/prerender/pages.json)`)
