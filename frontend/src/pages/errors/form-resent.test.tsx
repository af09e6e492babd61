import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import FormResent from './form-resent'

describe('form sent again (422)', () => {
  it.each([
    ['fr', fr],
    ['en', en],
  ] as const)('says in %s that nothing was done and how to go on, with the request id', async (lng, msgs) => {
    await renderPage('errors/form-resent', FormResent, { ...sharedProps(), requestId: 'req-42' }, lng)
    expect(screen.getByRole('heading', { level: 1, name: msgs.errors.formResent.title })).toBeInTheDocument()
    expect(screen.getByTestId('error-422').textContent).toContain(msgs.errors.formResent.body)
    expect(screen.getByTestId('request-id')).toHaveTextContent('req-42')
  })
})
