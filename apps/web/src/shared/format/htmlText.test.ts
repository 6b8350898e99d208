import { describe, expect, it } from 'vitest';
import { htmlToText } from './htmlText.ts';

describe('htmlToText', () => {
  it('removes tags and scripts and decodes entities', () => {
    expect(htmlToText('<b>המחיר</b> גבוה&nbsp;מדי<br/>נסו &quot;שוב&quot; &#1488;')).toBe('המחיר גבוה מדי נסו "שוב" א');
    expect(htmlToText('<script>alert(1)</script><img src=x onerror=alert(1)>שגיאה')).toBe('שגיאה');
    expect(htmlToText('a &lt;b&gt; &unknown; &#x5d0;')).toBe('a <b> &unknown; א');
  });
});
