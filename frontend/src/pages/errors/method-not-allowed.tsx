import ErrorPage from '../../components/error-page'

/** 405: an address that only accepts a form (a reload after a refused form, a typed URL). */
export default function MethodNotAllowed() {
  return <ErrorPage kind="methodNotAllowed" status={405} />
}
