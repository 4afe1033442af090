// The words Assay sends people: the in-app notification (title + body) for each event, and the
// plain-text e-mail around it (a link to the submission it is about, when it is about one). Callers
// build content with the functions below and hand it to notify(); the e-mail adds a greeting, the
// next step for that kind, and the signature, and says what its HTML part adds (the title as its
// heading, the figures in `emailFacts`, a button to the submission): email-layout.ts draws it.
//
// Rules for every text here: warm and plain; amounts exact (formatCents); a submission named by
// its short id; never a secret, a full bank or routing number, or an ID number.
import {
  type NotificationKind,
  type PayoutMethod,
  type PayoutRail,
  formatCents,
  KYC_THRESHOLD_CENTS,
  payoutMethodInfo,
  PAYMENT_WITHIN_HOURS,
  payoutTimingSentence,
  PRELIMINARY_QUOTE_WITHIN_HOURS,
  APPRAISAL_WITHIN_HOURS_OF_RECEIPT,
  shortId,
  SUPPORT_RESPONSE_WITHIN_HOURS,
} from '@assay/domain';
import { type EmailFact, type EmailLayout, submissionLinkToken } from './email-layout.ts';

export interface NotificationContent {
  kind: NotificationKind;
  title: string;
  body: string;
  /** The e-mail's subject when it is not the title. */
  emailSubject?: string;
  /** Figures the HTML e-mail shows at a glance above its words (an offer, until when it is valid). */
  emailFacts?: EmailFact[];
}

export interface EmailMessage {
  subject: string;
  text: string;
  layout: EmailLayout;
}

export const EMAIL_SIGNATURE = '— The Assay team';

const ref = (submissionId: string) => `#${shortId(submissionId)}`;

/** An offer e-mail's figures: what we offer and until when. */
const offerFacts = (offerCents: number, validUntilText: string): EmailFact[] => [
  { label: 'Our offer', value: formatCents(offerCents) },
  { label: 'Valid until', value: validUntilText },
];
const threshold = formatCents(KYC_THRESHOLD_CENTS, { wholeDollars: true });

/** Where the money goes, without ever naming a full account number. */
export type PayoutDestination =
  { method: 'ach'; accountName: string; accountLast4: string } | { method: 'paypal'; email: string } | { method: 'check' };

function destinationText(destination: PayoutDestination): string {
  switch (destination.method) {
    case 'ach':
      return `by ACH bank transfer to ${destination.accountName}'s account ending in ${destination.accountLast4}`;
    case 'paypal':
      return `by PayPal to ${destination.email}`;
    case 'check':
      return 'by paper check to the address on your Assay profile';
  }
}

export const notificationContent = {
  submissionCreated(p: { submissionId: string }): NotificationContent {
    return {
      kind: 'submission_created',
      title: `Submission ${ref(p.submissionId)} is in`,
      emailSubject: `We received your submission ${ref(p.submissionId)}`,
      body:
        `Thank you for choosing Assay! We have your submission ${ref(p.submissionId)} and will send a preliminary ` +
        `quote within ${PRELIMINARY_QUOTE_WITHIN_HOURS} hours. Your prepaid, insured shipping label is ready in your dashboard.`,
    };
  },

  submissionReceived(p: { submissionId: string }): NotificationContent {
    return {
      kind: 'submission_received',
      title: 'Your parcel has arrived',
      body:
        `Good news: your parcel for submission ${ref(p.submissionId)} arrived safely and is with our appraisers. ` +
        `You will have our final offer within ${APPRAISAL_WITHIN_HOURS_OF_RECEIPT} hours.`,
    };
  },

  offerReady(p: {
    submissionId: string;
    offerCents: number;
    requiresKyc?: boolean;
    /** stateIdSentence: a state's rule asks for the ID at this amount (issue 27 item 8), said in its words. */
    stateIdRule?: string | null;
    /** formatOfferDeadline of the offer's validUntil. */
    validUntilText: string;
  }): NotificationContent {
    const amount = formatCents(p.offerCents);
    return {
      kind: 'offer_ready',
      title: `Your offer is ready: ${amount}`,
      emailFacts: offerFacts(p.offerCents, p.validUntilText),
      body:
        `Our appraisers have finished with submission ${ref(p.submissionId)} and offer you ${amount}. ` +
        'Open your dashboard to accept the offer and choose how you want to be paid, or to decline it.' +
        (p.stateIdRule
          ? ` ${p.stateIdRule} Verifying your identity takes a few minutes.`
          : p.requiresKyc
            ? ` For payouts above ${threshold} we first ask you to verify your identity; it takes a few minutes.`
            : ''),
    };
  },

  payoutRecorded(p: {
    submissionId: string;
    amountCents: number;
    feeCents: number;
    destination: PayoutDestination;
    /** The rail it is recorded on: PayPal is instant only on the PayPal Payouts rail. */
    rail: PayoutRail;
    /** Decision 036: the goodwill paid with it (an offer below the guaranteed floor); 0 or absent for none. */
    goodwillCents?: number;
  }): NotificationContent {
    const amount = formatCents(p.amountCents);
    const goodwillCents = p.goodwillCents ?? 0;
    const offerCents = p.amountCents + p.feeCents - goodwillCents;
    const fee =
      p.feeCents > 0
        ? ` That is your offer of ${formatCents(offerCents)} minus the PayPal fee of ${formatCents(p.feeCents)}${goodwillCents > 0 ? `, plus ${formatCents(goodwillCents)} goodwill` : ''}.`
        : goodwillCents > 0 && offerCents > 0
          ? ` That is your offer of ${formatCents(offerCents)} plus ${formatCents(goodwillCents)} goodwill.`
          : '';
    const goodwill =
      goodwillCents > 0
        ? ` The goodwill is owed because the offer was below your quote's guaranteed floor for a reason our measurements do not explain.`
        : '';
    return {
      kind: 'payout_recorded',
      title: `Payout of ${amount} recorded`,
      body:
        `We have recorded your payout of ${amount} for submission ${ref(p.submissionId)}, ${destinationText(p.destination)}.${fee}${goodwill} ` +
        `We send every payout within ${PAYMENT_WITHIN_HOURS} hours. ${payoutTimingSentence(p.destination.method, p.rail)}`,
    };
  },

  payoutSent(p: {
    submissionId: string;
    amountCents: number;
    method: PayoutMethod;
    rail: PayoutRail;
    reference: string;
  }): NotificationContent {
    const amount = formatCents(p.amountCents);
    return {
      kind: 'payout_sent',
      title: `Your payout of ${amount} is on its way`,
      body:
        `We have sent ${amount} for submission ${ref(p.submissionId)} by ${payoutMethodInfo[p.method].label}. ` +
        `Payment reference: ${p.reference}. ${payoutTimingSentence(p.method, p.rail)}`,
    };
  },

  photosRequested(p: { submissionId: string; note?: string | null }): NotificationContent {
    const note = p.note?.trim();
    return {
      kind: 'photos_requested',
      title: 'Could you send a few more photos?',
      body:
        `To give you the best offer for submission ${ref(p.submissionId)}, our appraisers would like a few more photos.` +
        (note ? ` A note from our appraiser: ${/[.!?]$/.test(note) ? note : `${note}.`}` : '') +
        ' You can add them on the submission’s page (up to 4 photos in all).',
    };
  },

  idVerificationRequested(p: { submissionId: string }): NotificationContent {
    return {
      kind: 'id_verification_requested',
      title: 'Please verify your identity',
      body:
        `Before we can pay you for submission ${ref(p.submissionId)}, we need to verify your identity. ` +
        'It takes a few minutes: open your dashboard, choose "Verify identity" and send your ID details with a photo of your ID.',
    };
  },

  kycSubmitted(p: { customerLabel: string }): NotificationContent {
    return {
      kind: 'kyc_submitted',
      title: 'Identity verification to review',
      body: `${p.customerLabel} sent their ID details and a photo of their ID for review.`,
    };
  },

  kycReviewed(p: { approved: boolean; reason?: string | null }): NotificationContent {
    if (p.approved) {
      return {
        kind: 'kyc_reviewed',
        title: 'Your identity is verified',
        body: `Thank you! We have verified your identity, so payouts above ${threshold} can go ahead. Open your dashboard to accept your offer and get paid.`,
      };
    }
    const reason = p.reason?.trim();
    return {
      kind: 'kyc_reviewed',
      title: 'We could not verify your identity',
      body:
        `We are sorry, but we could not verify your identity${reason ? `: ${reason}` : '.'} ` +
        'Please check your details and send them again from your dashboard with a clear photo of your ID.',
    };
  },

  consignmentRequested(p: { submissionId: string; customerLabel: string }): NotificationContent {
    return {
      kind: 'consignment_requested',
      title: `Consignment requested for ${ref(p.submissionId)}`,
      body:
        `${p.customerLabel} would like to sell submission ${ref(p.submissionId)} on consignment instead of selling it ` +
        'to us outright. Please get in touch with them about the consignment terms.',
    };
  },

  /** Returned before the parcel reached us: nothing to send back (yet). */
  submissionClosed(p: { submissionId: string }): NotificationContent {
    return {
      kind: 'item_returned',
      title: 'Your submission was closed',
      body:
        `Our appraiser closed submission ${ref(p.submissionId)} before it reached us, so we will not appraise it. ` +
        'If your parcel is already on its way, we will send it back to you, fully insured, when it arrives.',
    };
  },
  itemReturned(p: {
    submissionId: string;
    freeReturn?: boolean | null;
    trackingNumber?: string | null;
    /** Only some items come back (the seller kept the others): how many. */
    declinedItems?: number;
  }): NotificationContent {
    const shipping =
      p.freeReturn === true
        ? ' Return shipping is on us.'
        : p.freeReturn === false
          ? ' The return label shows the shipping cost.'
          : '';
    return {
      kind: 'item_returned',
      title: p.declinedItems ? 'Your declined items are on their way back' : 'Your item is on its way back',
      body:
        (p.declinedItems
          ? `We are returning the ${p.declinedItems === 1 ? 'item' : `${p.declinedItems} items`} you declined from submission ${ref(p.submissionId)}, in one parcel, fully insured.${shipping}`
          : `We are returning the item of submission ${ref(p.submissionId)}, fully insured.${shipping}`) +
        (p.trackingNumber ? ` Tracking number: ${p.trackingNumber}.` : ''),
    };
  },
  returnDelivered(p: { submissionId: string; trackingNumber?: string | null }): NotificationContent {
    return {
      kind: 'return_delivered',
      title: 'Your item has been delivered back to you',
      body:
        `The item of submission ${ref(p.submissionId)} has been delivered back to you` +
        (p.trackingNumber ? ` (tracking number ${p.trackingNumber}).` : '.') +
        ' If anything is missing or damaged, reply to this e-mail or contact support.',
    };
  },
};

/** A line after the body saying what to do next, where there is something to do. */
const nextStep: Partial<Record<NotificationKind, string>> = {
  offer_ready: 'Sign in to Assay to see the offer.',
  payout_recorded: 'For your security we never show full bank account numbers, in e-mails or anywhere else.',
  photos_requested: 'Sign in to Assay to add the photos.',
  id_verification_requested: 'Sign in to Assay to verify your identity. We keep your ID details encrypted.',
  kyc_reviewed: 'Sign in to Assay to see the details.',
  kyc_submitted: 'Sign in to the admin mailbox to review it.',
  consignment_requested: 'Sign in to the admin mailbox to see the submission.',
};

/** Longer next steps, a paragraph of their own: SPEC's 'What happens next?' for a new submission. */
const nextSteps: Partial<Record<NotificationKind, string>> = {
  submission_created: [
    'What happens next?',
    `1. Within ${PRELIMINARY_QUOTE_WITHIN_HOURS} hours we send you a preliminary quote.`,
    '2. We e-mail you a prepaid, insured shipping label; you can also print it from your dashboard.',
    `3. Once your parcel arrives, our full appraisal takes at most ${APPRAISAL_WITHIN_HOURS_OF_RECEIPT} hours.`,
  ].join('\n'),
};

/** The button to the submission says what the person goes there to do. */
const buttonLabel: Partial<Record<NotificationKind, string>> = {
  offer_ready: 'See your offer',
  offer_updated: 'See your offer',
  offer_reminder: 'See your offer',
  photos_requested: 'Add photos',
  id_verification_requested: 'Verify your identity',
};

/** Keeps a header line a header line. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** The plain-text e-mail for a notification. */
export function renderEmail(input: {
  kind: NotificationKind;
  title: string;
  body: string;
  firstName?: string | null;
  emailSubject?: string;
  emailFacts?: EmailFact[];
  /** The submission the e-mail is about: it then links to its page (made absolute when sent). */
  submissionId?: string | null;
}): EmailMessage {
  const name = input.firstName?.trim() ? oneLine(input.firstName) : 'there';
  const paragraphs = [
    `Hello ${name},`,
    input.body.trim(),
    nextSteps[input.kind],
    nextStep[input.kind],
    input.submissionId ? `See submission ${ref(input.submissionId)}: ${submissionLinkToken(input.submissionId)}` : undefined,
    `Questions? Our support team answers within ${SUPPORT_RESPONSE_WITHIN_HOURS} hours.`,
    EMAIL_SIGNATURE,
  ].filter((p): p is string => Boolean(p));
  const layout: EmailLayout = {
    heading: oneLine(input.title),
    ...(input.emailFacts?.length ? { facts: input.emailFacts } : {}),
    ...(input.submissionId
      ? {
          button: {
            label: buttonLabel[input.kind] ?? `See submission ${ref(input.submissionId)}`,
            href: submissionLinkToken(input.submissionId),
          },
        }
      : {}),
  };
  return { subject: oneLine(input.emailSubject ?? input.title), text: `${paragraphs.join('\n\n')}\n`, layout };
}

/**
 * The itemised offer's words (DECISIONS "The honest offer"): a new version says what changed from
 * the one before, a reminder says when the offer lapses, and appraisers hear of a counter-offer.
 */
export const offerNotificationContent = {
  offerUpdated(p: {
    submissionId: string;
    change: string;
    /** The offer as it is now. */
    offerCents: number;
    validUntilText: string;
    why: 'reissued' | 'answered' | 'counter_accepted' | 'revised';
  }): NotificationContent {
    const title =
      p.why === 'counter_accepted'
        ? 'We accepted your counter-offer'
        : p.why === 'reissued'
          ? 'Your offer was re-issued at today\u2019s prices'
          : 'Your offer has changed';
    return {
      kind: 'offer_updated',
      title,
      emailFacts: offerFacts(p.offerCents, p.validUntilText),
      body: `${p.change} This offer for submission ${ref(p.submissionId)} is valid until ${p.validUntilText}.`,
    };
  },

  offerReminder(p: {
    submissionId: string;
    offerCents: number;
    hoursBefore: number;
    validUntilText: string;
  }): NotificationContent {
    return {
      kind: 'offer_reminder',
      emailFacts: offerFacts(p.offerCents, p.validUntilText),
      title: `Your offer of ${formatCents(p.offerCents)} lapses in ${p.hoursBefore} hours`,
      body:
        `Our offer of ${formatCents(p.offerCents)} for submission ${ref(p.submissionId)} is valid until ${p.validUntilText}. ` +
        'Accept it, counter it or decline it before then; after that we can re-issue it at the prices of that day.',
    };
  },

  counterOfferMade(p: {
    submissionId: string;
    customerLabel: string;
    amountCents: number;
    offerCents: number;
  }): NotificationContent {
    return {
      kind: 'counter_offer_made',
      emailFacts: [
        { label: 'Counter-offer', value: formatCents(p.amountCents) },
        { label: 'Our offer', value: formatCents(p.offerCents) },
      ],
      title: `Counter-offer on ${ref(p.submissionId)}: ${formatCents(p.amountCents)}`,
      body:
        `${p.customerLabel} asks ${formatCents(p.amountCents)} for submission ${ref(p.submissionId)} ` +
        `against our offer of ${formatCents(p.offerCents)}. Accept it or answer with a new offer.`,
    };
  },
};
