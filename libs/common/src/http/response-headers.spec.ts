import { fixedResponseHeaders } from './response-headers';

describe('fixedResponseHeaders', () => {
  it("are helmet's API headers (no CSP, no COEP) and X-App-Version", () => {
    const headers = new Map(fixedResponseHeaders('1.2.3'));
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Strict-Transport-Security')).toMatch(/^max-age=\d+/);
    expect(headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    expect(headers.get('X-App-Version')).toBe('1.2.3');
    expect(headers.has('Content-Security-Policy')).toBe(false);
    expect(headers.has('Cross-Origin-Embedder-Policy')).toBe(false);
  });
});
