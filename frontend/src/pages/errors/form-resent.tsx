import ErrorPage from '../../components/error-page'

/** 422: a form sent again under the key of an earlier, different one; nothing was done. */
export default function FormResent() {
  return <ErrorPage kind="formResent" status={422} />
}
