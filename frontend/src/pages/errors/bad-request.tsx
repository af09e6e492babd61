import ErrorPage from '../../components/error-page'

/** 400: an address or form the server could not read (invalid characters, a broken body). */
export default function BadRequest() {
  return <ErrorPage kind="badRequest" status={400} />
}
