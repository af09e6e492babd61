/**
 * Prepares the browser tests:
 *  - binary: $GAMELLE_BIN, or the frontend is built and `go build -o ../bin/gamelle ../cmd/gamelle`;
 *  - e2efakes (SMTP capture + mockoidc, support/e2efakes) is built into ../bin/e2efakes;
 *  - database cluster: $E2E_DATABASE_URL's, or the project-local test cluster started by
 *    ../scripts/dev-postgres.sh;
 *  - a template database, migrated and holding the foods, that every server's database copies;
 *  - the shared server: `gamelle serve` with APP_ENV=test, no SMTP_URL (emails go to the dev
 *    mailbox) and no social provider, on a fresh `e2e_<random>` database, ready on GET /readyz.
 * Provided to the tests: `baseURL` (the shared server) and what `startStack` needs for a file
 * that runs a server of its own (`gamelleBin`, `fakesBin`, `adminDatabaseUrl`, `templateDatabase`).
 * Teardown stops the shared server and drops its database and the template.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { createTemplate, frontendDir, log, repoDir, startGamelle } from './support/server'

function buildServer(): string {
  if (process.env.GAMELLE_BIN) return resolve(process.env.GAMELLE_BIN)
  log('building the frontend (vite build)')
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: frontendDir, stdio: 'inherit' })
  log('building the server (go build)')
  execFileSync('go', ['build', '-o', '../bin/gamelle', '../cmd/gamelle'], { cwd: frontendDir, stdio: 'inherit' })
  return resolve(repoDir, 'bin/gamelle')
}

function buildFakes(): string {
  log('building e2efakes (go build)')
  execFileSync('go', ['build', '-o', '../bin/e2efakes', './e2e/support/e2efakes'], { cwd: frontendDir, stdio: 'inherit', timeout: 300_000 })
  return resolve(repoDir, 'bin/e2efakes')
}

function adminDatabaseUrl(): string {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL
  log('starting the local test PostgreSQL cluster')
  return execFileSync(resolve(repoDir, 'scripts/dev-postgres.sh'), ['start', resolve(repoDir, '.data/pg-test')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .toString()
    .trim()
    .split('\n')
    .pop()!
}

export default async function setup(project: TestProject) {
  const bin = buildServer()
  if (!existsSync(bin)) throw new Error(`no server binary at ${bin}`)
  const fakesBin = buildFakes()
  const adminUrl = adminDatabaseUrl()
  const template = createTemplate(bin, adminUrl)
  let server
  try {
    server = await startGamelle({ bin, adminUrl, template: template.name, logName: 'server.log' })
  } catch (err) {
    template.drop()
    throw err
  }
  project.provide('baseURL', server.baseURL)
  project.provide('gamelleBin', bin)
  project.provide('fakesBin', fakesBin)
  project.provide('adminDatabaseUrl', adminUrl)
  project.provide('templateDatabase', template.name)
  return async () => {
    await server.stop()
    template.drop()
  }
}
