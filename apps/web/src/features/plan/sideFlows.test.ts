import { describe, expect, it } from 'vitest';
import {
  agreementTree,
  brokerLeadFirst,
  fieldMessages,
  leadFailedFlag,
  mayContinue,
  otherMessages,
  toggleBroker,
} from './sideFlows.ts';

describe('broker-lead flow', () => {
  it('comes first only for a real-estate sale (cat 2, subcat 1) with the experiment on', () => {
    expect(brokerLeadFirst(2, 1, true)).toBe(true);
    expect(brokerLeadFirst(2, 1, false)).toBe(false);
    expect(brokerLeadFirst(2, 2, true)).toBe(false);
    expect(brokerLeadFirst(2, 4, true)).toBe(false);
    expect(brokerLeadFirst(1, 1, true)).toBe(false);
    expect(brokerLeadFirst(2, null, true)).toBe(false);
  });

  it('only a failure sets leadFailed; closing, sending and no brokers finish as a success', () => {
    expect(leadFailedFlag('failed')).toEqual({ leadFailed: true });
    expect(leadFailedFlag('closed')).toEqual({});
    expect(leadFailedFlag('sent')).toEqual({});
    expect(leadFailedFlag('noBrokers')).toEqual({});
  });

  it('toggles brokers; continuing needs at least one', () => {
    expect(mayContinue([])).toBe(false);
    const one = toggleBroker([], 7);
    expect(one).toEqual([7]);
    expect(mayContinue(one)).toBe(true);
    expect(toggleBroker([7, 9], 7)).toEqual([9]);
  });
});

describe('server field errors', () => {
  it("one message per form field (several joined); other fields' messages apart", () => {
    const errors = {
      authorizedDealer: ['מספר עוסק מורשה או ח.פ. אינו תקין'],
      invoiceEmail: ['א', 'ב'],
      OrderID: ['x'],
    };
    const fields = ['businessName', 'authorizedDealer', 'invoiceEmail'];
    expect(fieldMessages(errors, fields)).toEqual({
      authorizedDealer: 'מספר עוסק מורשה או ח.פ. אינו תקין',
      invoiceEmail: 'א ב',
    });
    expect(otherMessages(errors, fields)).toEqual(['x']);
    expect(fieldMessages({ businessName: 'not a list' } as never, fields)).toEqual({});
  });
});

describe('the agreement as a tree of known elements', () => {
  it('keeps headings, paragraphs, lists and emphasis; decodes entities', () => {
    expect(
      agreementTree('<h2>הסכם</h2>\n<p>חל על <strong>"המפרסם"</strong> &amp; אחרים.</p>\n<ol>\n  <li>אחד</li>\n</ol>'),
    ).toEqual([
      { tag: 'h2', children: ['הסכם'] },
      ' ',
      { tag: 'p', children: ['חל על ', { tag: 'strong', children: ['"המפרסם"'] }, ' & אחרים.'] },
      ' ',
      { tag: 'ol', children: [{ tag: 'li', children: ['אחד'] }] },
    ]);
  });

  it('drops scripts, styles and unknown elements (their text kept), attributes and comments; <br> is a line break', () => {
    const tree = agreementTree(
      '<p onclick="x()">a<script>alert(1)</script><style>p{}</style><a href="javascript:x">קישור</a><!-- c -->b<br>c</p><img src=x onerror=y>',
    );
    expect(tree).toEqual([{ tag: 'p', children: ['a', 'קישור', 'b\nc'] }]);
  });

  it('closes what was left open and ignores a stray closing tag; a lone < stays text', () => {
    expect(agreementTree('<p>a < b</em><ul><li>x')).toEqual([
      { tag: 'p', children: ['a < b', { tag: 'ul', children: [{ tag: 'li', children: ['x'] }] }] },
    ]);
  });
});
