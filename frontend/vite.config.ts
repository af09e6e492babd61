import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

// The Go server (gonertia) renders the HTML shell and reads dist/.vite/manifest.json.
// In development it loads http://localhost:5173/@vite/client and /src/app.tsx directly.
const devOrigin = 'http://localhost:5173'

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  // Built files are served by Go under /build/. The dev server serves from its own root, since
  // gonertia's hot-file helpers ask for http://localhost:5173/@vite/client and /src/app.tsx.
  base: command === 'build' ? '/build/' : '/',
  plugins: [react(), tailwindcss()],
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
