import { mkdirSync, writeFileSync } from 'node:fs'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { VitePWA } from 'vite-plugin-pwa'

// The Go server (gonertia) renders the HTML shell and reads dist/.vite/manifest.json.
// In development it loads http://localhost:5173/@vite/client and /src/app.tsx directly.
const devOrigin = 'http://localhost:5173'

/**
 * `vite build --mode analyze` also writes dist/analyze.json: per chunk, the minified bytes each
 * module contributes, largest first (what the landing page pulls in: docs/performance.md).
 */
function analyze(): Plugin {
  return {
    name: 'gamelle-analyze',
    generateBundle(_options, bundle) {
      const out: Record<string, Record<string, number>> = {}
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue
        const modules = Object.entries(chunk.modules).map(([id, m]) => [id.replace(/^.*node_modules\//, ''), m.renderedLength] as const)
        out[file] = Object.fromEntries(modules.sort((a, b) => b[1] - a[1]))
      }
      // generateBundle runs before Vite writes dist/ on a clean build.
      mkdirSync(`${import.meta.dirname}/dist`, { recursive: true })
      writeFileSync(`${import.meta.dirname}/dist/analyze.json`, JSON.stringify(out, null, 1))
    },
  }
}

export default defineConfig(({ command, mode }) => ({
  root: import.meta.dirname,
  // Built files are served by Go under /build/. The dev server serves from its own root, since
  // gonertia's hot-file helpers ask for http://localhost:5173/@vite/client and /src/app.tsx.
  base: command === 'build' ? '/build/' : '/',
  plugins: [
    react(),
    tailwindcss(),
    ...(mode === 'analyze' ? [analyze()] : []),
    // The service worker: dist/sw.js, served by Go at /sw.js (scope /). The web app
    // manifest is the server's (/manifest.<lang>.webmanifest, in the person's language) and the
    // page registers the worker itself (pwa/page.ts), so the plugin adds neither.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        // The app's code and styles, and the one font subset French and English use (Inter's
        // latin holds œ and the typographic quotes); not the other scripts' subsets.
        globPatterns: ['**/*.{js,css}', 'assets/inter-latin-wght-normal-*.woff2'],
        globIgnores: ['sw.js'],
        // The precache list names files relative to dist/; Go serves them under /build/.
        modifyURLPrefix: { '': '/build/' },
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  // Inertia's forms import laravel-precognition for a live validation Gamelle does not use: a stub
  // keeps its ~4 KB gzipped off the landing page (src/lib/precognition-stub.ts).
  resolve: { alias: { 'laravel-precognition': `${import.meta.dirname}/src/lib/precognition-stub.ts` } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      input: ['src/app.tsx', 'src/app.css'],
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    origin: devOrigin,
    cors: { origin: /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/ },
  },
}))
