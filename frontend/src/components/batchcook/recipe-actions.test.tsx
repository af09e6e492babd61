import { router } from '@inertiajs/react'
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RegenerateRest } from './recipe-actions'

// The page's props as a poll leaves them: `errors` holds the refusal once, then comes back empty.
const page = vi.hoisted(() => ({ errors: {} as Record<string, string> }))
vi.mock('../../hooks/use-page-props', () => ({ usePageProps: () => page }))

afterEach(() => {
  page.errors = {}
  vi.restoreAllMocks()
})

describe('a refused "regenerate the rest"', () => {
  it('keeps its message while the page polls, until the next click', () => {
    const message = 'Un autre onglet ou appareil régénère déjà ces recettes.'
    const post = vi.spyOn(router, 'post').mockImplementation(() => {})
    page.errors = { regenerate: message }
    const view = render(<RegenerateRest mealPrepId="m1" recipeIds={['b']} />)
    expect(screen.getByText(message)).toBeVisible()
    // A poll's partial reload: the server sends `errors` empty once the message was read.
    page.errors = {}
    view.rerender(<RegenerateRest mealPrepId="m1" recipeIds={['b']} />)
    expect(screen.getByText(message)).toBeVisible()
    fireEvent.click(screen.getByTestId('regenerate-rest'))
    expect(post).toHaveBeenCalledTimes(1)
    expect(screen.queryByText(message)).toBeNull()
  })
})
