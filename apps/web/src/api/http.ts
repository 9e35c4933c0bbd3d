import axios from 'axios';

/**
 * The one HTTP client, as the spec sets it: JSON accept, no timeout, 200-299 succeed, XSRF-TOKEN cookie echoed in
 * X-XSRF-TOKEN. Paths are resolved against the page's <base> so a build served under a base path calls its own server.
 */
export const http = axios.create({
  baseURL: typeof document === 'undefined' ? '/' : document.baseURI,
  headers: { Accept: 'application/json, text/plain, */*' },
  timeout: 0,
  validateStatus: (status) => status >= 200 && status < 300,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  withXSRFToken: true,
  withCredentials: true,
});
