import { describe, expect, it } from 'vitest';
import { agreementHtml, sanitizeAgreementHtml } from './agreement.ts';

describe('sanitizeAgreementHtml', () => {
  it('removes scripts, event handlers, links and frames, keeps the text structure', () => {
    const dirty =
      '<h2 onclick="steal()">הסכם</h2><script>alert(1)</script><p>סעיף <img src=x onerror="alert(2)"><strong>חשוב</strong></p>' +
      '<a href="javascript:alert(3)">קישור</a><iframe src="https://evil.example"></iframe><style>p{}</style>';
    const clean = sanitizeAgreementHtml(dirty);
    expect(clean).toBe('<h2>הסכם</h2><p>סעיף <strong>חשוב</strong></p>קישור');
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img|<a /i);
  });

  it('serves a real Hebrew agreement that survives sanitising', () => {
    const html = agreementHtml();
    expect(html).toContain('<h2>הסכם פרסום מסחרי</h2>');
    expect(html).toContain('91 יום');
    expect(html.length).toBeGreaterThan(1500);
    expect(html).not.toMatch(/<script|\son\w+=/i);
  });
});
