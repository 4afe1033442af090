// The HTML part every e-mail gets (email-layout.ts): the business's name on top, the template's
// heading, figures and button, every value escaped, and only Assay's own addresses as links.
import { describe, expect, it } from 'vitest';
import { composeEmail, type MailSender } from '../../src/modules/notifications/index.ts';

const sender: MailSender = {
  from: 'Assay <no-reply@assay.test>',
  publicUrl: 'https://assay.test/',
  business: { legalName: 'Gold & Co <LLC>', address: 'Gold & Co, 1 Market Street, Wilmington, DE 19801' },
};
const SUBMISSION = 'https://assay.test/client/submissions/abc-123';
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

describe('composeEmail', () => {
  it('escapes the heading, the figures and the button label', () => {
    const { html } = composeEmail(
      {
        subject: 'S',
        text: 'Hello',
        layout: {
          heading: '<img src=x onerror=alert(1)>',
          facts: [{ label: '<b>Label</b>', value: '"><script>alert(2)</script>' }],
          button: { label: '</a><a href="https://evil.example">', href: '[[submission:abc-123]]' },
        },
      },
      sender,
    );
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(html).toContain('&lt;b&gt;Label&lt;/b&gt;');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).toContain('&lt;/a&gt;&lt;a href=&quot;https://evil.example&quot;&gt;</a>');
    expect(html).not.toMatch(/<img|<script|<b>/);
    expect(hrefs(html)).toEqual([SUBMISSION]);
    expect(html).toContain('>Gold &amp; Co &lt;LLC&gt;</td>');
  });

  it('draws a button only to an address of Assay itself', () => {
    for (const href of ['https://evil.example/x', 'javascript:alert(1)', 'https://assay.test.evil.example/', '/client']) {
      const { html } = composeEmail(
        { subject: 'S', text: 'Hello', layout: { heading: 'H', button: { label: 'Go', href } } },
        sender,
      );
      expect(hrefs(html), href).toEqual([]);
    }
    const own = composeEmail(
      { subject: 'S', text: 'Hello', layout: { heading: 'H', button: { label: 'Go', href: 'https://assay.test/login' } } },
      sender,
    );
    expect(hrefs(own.html)).toEqual(['https://assay.test/login']);
  });

  it('puts the button just above the paragraph with its address, else after the words', () => {
    const layout = { heading: 'H', button: { label: 'Open it', href: '[[submission:abc-123]]' } };
    const above = composeEmail({ subject: 'S', text: 'One\n\nSee it: [[submission:abc-123]]\n\nBye', layout }, sender).html;
    expect(above.indexOf('>Open it</a>')).toBeGreaterThan(above.indexOf('>One</p>'));
    expect(above.indexOf('>Open it</a>')).toBeLessThan(above.indexOf('See it: '));
    const after = composeEmail({ subject: 'S', text: 'One\n\nBye', layout }, sender).html;
    expect(after.indexOf('>Open it</a>')).toBeGreaterThan(after.indexOf('>Bye</p>'));
  });

  it('reads an e-mail stored without a layout, or with one that is not a layout, as its text alone', () => {
    for (const layout of [null, undefined, { heading: '' }, 'x', { heading: 'H', facts: 'no' }]) {
      const { html, text } = composeEmail({ subject: 'S', text: 'Hello [[submission:abc-123]]', layout }, sender);
      expect(html).not.toContain('<h1');
      expect(hrefs(html)).toEqual([SUBMISSION]);
      expect(text).toBe(`Hello ${SUBMISSION}\n\n--\nGold & Co <LLC>\n1 Market Street, Wilmington, DE 19801\n`);
    }
  });

  it('uses inline styles only, no remote images, a table layout', () => {
    const { html } = composeEmail(
      {
        subject: 'S',
        text: 'Hello',
        layout: { heading: 'H', facts: [{ label: 'A', value: 'B' }], button: { label: 'Go', href: '[[submission:x]]' } },
      },
      sender,
    );
    expect(html).not.toMatch(/<style|<link|<img|src=|class=/i);
    expect(html).toMatch(/<table role="presentation" width="100%"/);
  });
});
