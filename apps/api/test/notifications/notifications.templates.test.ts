// The words of every notification and its e-mail: exact amounts, SPEC 9 payout timings, the
// signature, and never a full bank number.
import { describe, expect, it } from 'vitest';
import { notificationKinds } from '@assay/domain';
import {
  EMAIL_SIGNATURE,
  type NotificationContent,
  notificationContent as c,
  offerNotificationContent as o,
  renderEmail,
} from '../../src/modules/notifications/email-templates.ts';

const SUB = '5f1c2d3e-aaaa-bbbb-cccc-00001234abcd';

const every: NotificationContent[] = [
  c.submissionCreated({ submissionId: SUB }),
  c.submissionReceived({ submissionId: SUB }),
  c.offerReady({ submissionId: SUB, offerCents: 1_250_050, requiresKyc: true, validUntilText: 'March 17, 2026 at 12:00 UTC' }),
  c.payoutRecorded({
    submissionId: SUB,
    amountCents: 97_070,
    feeCents: 2_930,
    destination: { method: 'paypal', email: 'grace@example.com' },
    rail: 'manual',
  }),
  c.payoutSent({ submissionId: SUB, amountCents: 97_070, method: 'paypal', rail: 'manual', reference: 'PP-1' }),
  c.photosRequested({ submissionId: SUB, note: 'the clasp, please' }),
  c.idVerificationRequested({ submissionId: SUB }),
  c.kycSubmitted({ customerLabel: 'Customer #abcd' }),
  c.kycReviewed({ approved: true }),
  c.kycReviewed({ approved: false, reason: 'The photo is blurred.' }),
  c.consignmentRequested({ submissionId: SUB, customerLabel: 'Customer #abcd' }),
  c.itemReturned({ submissionId: SUB, freeReturn: true, trackingNumber: '9400100000000000000001' }),
  o.offerUpdated({
    submissionId: SUB,
    why: 'reissued',
    offerCents: 48_000,
    validUntilText: 'March 17, 2026 at 12:00 UTC',
    change: 'Your offer is now $480.00 (was $497.25): line 1 price 96 (was 100).',
  }),
  o.offerReminder({ submissionId: SUB, offerCents: 49_725, hoursBefore: 8, validUntilText: 'March 17, 2026 at 12:00 UTC' }),
  o.counterOfferMade({ submissionId: SUB, customerLabel: 'Customer #abcd', amountCents: 65_000, offerCents: 58_050 }),
  c.returnDelivered({ submissionId: SUB, trackingNumber: '9400100000000000000001' }),
];

describe('notification texts', () => {
  it('cover every kind', () => {
    expect(new Set(every.map((n) => n.kind))).toEqual(new Set(notificationKinds));
  });

  it('name the submission by its short id and sign every e-mail', () => {
    for (const content of every) {
      const mail = renderEmail({ ...content, firstName: 'Grace' });
      expect(mail.text.startsWith('Hello Grace,\n\n'), content.kind).toBe(true);
      expect(mail.text.trimEnd().endsWith(EMAIL_SIGNATURE), content.kind).toBe(true);
      expect(EMAIL_SIGNATURE).toBe('— The Assay team');
      expect(mail.subject).toBe(content.emailSubject ?? content.title);
      if (content.body.includes('submission #')) expect(content.body).toContain('submission #1234abcd');
      expect(content.body).not.toContain(SUB);
    }
  });

  it('offer ready says the exact amount and, above $10,000, the identity check', () => {
    expect(every[2]).toEqual({
      kind: 'offer_ready',
      title: 'Your offer is ready: $12,500.50',
      emailFacts: [
        { label: 'Our offer', value: '$12,500.50' },
        { label: 'Valid until', value: 'March 17, 2026 at 12:00 UTC' },
      ],
      body:
        'Our appraisers have finished with submission #1234abcd and offer you $12,500.50. Open your dashboard to accept the offer ' +
        'and choose how you want to be paid, or to decline it. For payouts above $10,000 we first ask you to verify your identity; it takes a few minutes.',
    });
  });

  // Issue 27 item 8: where a state's rule asks for the ID, the e-mail says so in the rule's words.
  it("offer ready states the seller's state rule where it asks for ID, whatever the amount", () => {
    const florida = 'Florida law (Fla. Stat. 538.31-538.37) requires your ID before any payment, whatever the amount.';
    const mail = c.offerReady({ submissionId: SUB, offerCents: 50_000, stateIdRule: florida, validUntilText: 'March 17, 2026' });
    expect(mail.body).toBe(
      'Our appraisers have finished with submission #1234abcd and offer you $500.00. Open your dashboard to accept the offer ' +
        `and choose how you want to be paid, or to decline it. ${florida} Verifying your identity takes a few minutes.`,
    );
  });

  // Issue 27 item 7: PayPal is "instant" only when the PayPal Payouts rail sends it, not a person.
  it.each([
    ['manual', 'PayPal credits a payment as soon as our team sends it.'],
    ['paypal', 'PayPal Payouts sends PayPal payments within the hour, and PayPal credits them at once.'],
  ] as const)('PayPal timing on the %s rail', (rail, sentence) => {
    const recorded = c.payoutRecorded({
      submissionId: SUB,
      amountCents: 97_070,
      feeCents: 2_930,
      destination: { method: 'paypal', email: 'grace@example.com' },
      rail,
    });
    expect(recorded.body.endsWith(`We send every payout within 24 hours. ${sentence}`)).toBe(true);
    expect(c.payoutSent({ submissionId: SUB, amountCents: 97_070, method: 'paypal', rail, reference: 'PP-1' }).body).toContain(
      sentence,
    );
    if (rail === 'manual') expect(recorded.body.toLowerCase()).not.toContain('instant');
  });

  it('the ACH payout names the holder and the last 4 digits only', () => {
    const n = c.payoutRecorded({
      submissionId: SUB,
      amountCents: 250_000,
      feeCents: 0,
      destination: { method: 'ach', accountName: 'Ada Lovelace', accountLast4: '6789' },
      rail: 'ach-file',
    });
    expect(n).toEqual({
      kind: 'payout_recorded',
      title: 'Payout of $2,500.00 recorded',
      body:
        "We have recorded your payout of $2,500.00 for submission #1234abcd, by ACH bank transfer to Ada Lovelace's account ending in 6789. " +
        'We send every payout within 24 hours. ACH bank transfers take 1-2 business days to reach your bank once we send them.',
    });
    const mail = renderEmail({ ...n, firstName: null });
    expect(mail.text).toContain('Hello there,');
    expect(mail.text).toContain('we never show full bank account numbers');
  });

  it('the check payout says where it goes and how long it takes', () => {
    expect(
      c.payoutRecorded({ submissionId: SUB, amountCents: 45_050, feeCents: 0, destination: { method: 'check' }, rail: 'check' })
        .body,
    ).toBe(
      'We have recorded your payout of $450.50 for submission #1234abcd, by paper check to the address on your Assay profile. ' +
        'We send every payout within 24 hours. A paper check takes 5-7 business days to arrive once we mail it.',
    );
  });

  it('the PayPal payout shows the fee deduction', () => {
    expect(every[3]!.body).toContain('That is your offer of $1,000.00 minus the PayPal fee of $29.30.');
  });

  it('keeps the subject on one line', () => {
    expect(renderEmail({ kind: 'offer_ready', title: 'Hi\r\nBcc: x@evil.test', body: 'b', firstName: 'A\nB' })).toEqual({
      subject: 'Hi Bcc: x@evil.test',
      text: 'Hello A B,\n\nb\n\nSign in to Assay to see the offer.\n\nQuestions? Our support team answers within 24 hours.\n\n— The Assay team\n',
      layout: { heading: 'Hi Bcc: x@evil.test' },
    });
  });

  it('says what the HTML part adds: the title as heading, an offer and its deadline, a button to the submission', () => {
    for (const content of every) {
      const { layout } = renderEmail({ ...content, submissionId: SUB });
      expect(layout.heading, content.kind).toBe(content.title);
      expect(layout.button?.href, content.kind).toBe(`[[submission:${SUB}]]`);
    }
    const offers = every.filter((n) => ['offer_ready', 'offer_updated', 'offer_reminder'].includes(n.kind));
    expect(offers.map((n) => [n.kind, n.emailFacts])).toEqual([
      [
        'offer_ready',
        [
          { label: 'Our offer', value: '$12,500.50' },
          { label: 'Valid until', value: 'March 17, 2026 at 12:00 UTC' },
        ],
      ],
      [
        'offer_updated',
        [
          { label: 'Our offer', value: '$480.00' },
          { label: 'Valid until', value: 'March 17, 2026 at 12:00 UTC' },
        ],
      ],
      [
        'offer_reminder',
        [
          { label: 'Our offer', value: '$497.25' },
          { label: 'Valid until', value: 'March 17, 2026 at 12:00 UTC' },
        ],
      ],
    ]);
    expect(renderEmail({ ...every[2]!, submissionId: SUB }).layout.button?.label).toBe('See your offer');
    expect(renderEmail({ ...every[0]!, submissionId: SUB }).layout.button?.label).toBe('See submission #1234abcd');
    expect(renderEmail({ ...every[0]!, submissionId: null }).layout.button).toBeUndefined();
  });

  it('the returned item states who pays for shipping when known', () => {
    expect(every[11]!.body).toBe(
      'We are returning the item of submission #1234abcd, fully insured. Return shipping is on us. Tracking number: 9400100000000000000001.',
    );
    expect(c.itemReturned({ submissionId: SUB, freeReturn: false }).body).toBe(
      'We are returning the item of submission #1234abcd, fully insured. The return label shows the shipping cost.',
    );
  });
});
