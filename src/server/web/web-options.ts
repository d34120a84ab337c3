/** createServer's `web`: what a browser page may put in a URL where a header would go (docs/web.md). */
export interface WebOptions {
  /**
   * Accept credentials in the URL of GET requests — `access_token=JWT`
   * (RFC 6750 §2.3) or `authorization=Basic%20...` — for what cannot set
   * headers (an EventSource). Default false: such a URL is refused (400).
   * The access log never shows their values.
   */
  readonly urlCredentials?: boolean;
}
