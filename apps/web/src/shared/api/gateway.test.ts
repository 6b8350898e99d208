import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetGatewayBase, gatewayUrl } from './gateway.ts';

/** A page whose head has (or has not) the gateway's meta tag. */
function pageWith(content: string | null) {
  vi.stubGlobal('document', {
    querySelector: (selector: string) =>
      selector === 'meta[name="gateway-base"]' && content !== null ? { content } : null,
  });
  forgetGatewayBase();
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetGatewayBase();
});

describe("the gateway's base", () => {
  it('is our own /gateway when the page names none', () => {
    pageWith(null);
    expect(gatewayUrl('/car-data-gov')).toBe('/gateway/car-data-gov');
  });

  it("is the environment's host when the page names one (a trailing slash dropped)", () => {
    pageWith('https://gateway.example.co.il/gateway/');
    expect(gatewayUrl('/price-list/calculate-price')).toBe(
      'https://gateway.example.co.il/gateway/price-list/calculate-price',
    );
  });

  it('is read once: later calls do not look at the head again', () => {
    pageWith('https://gw.example.co.il/g');
    expect(gatewayUrl('/a')).toBe('https://gw.example.co.il/g/a');
    vi.stubGlobal('document', { querySelector: () => ({ content: '/elsewhere' }) });
    expect(gatewayUrl('/a')).toBe('https://gw.example.co.il/g/a');
  });
});
