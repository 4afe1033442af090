import { describe, expect, it } from 'vitest';
import { paymentRequirementsOf } from './compliance-gate.ts';
import { submissionRuleFor } from './compliance-rules.ts';
import { KYC_THRESHOLD_CENTS } from './kyc.ts';
import { idRuleCaption, publishedRules, sellerRuleText, stateIdSentence } from './seller-rule-text.ts';

const sentencesOf = (seller: string, vault: string) => {
  const text = sellerRuleText(seller, vault);
  if (!text.ok) throw new Error(text.message);
  return text.sentences;
};

describe('sellerRuleText', () => {
  it("asks a Florida seller for ID before any payment and a signed statement, as Florida's row does", () => {
    const text = sellerRuleText('fl', 'DE');
    expect(text).toMatchObject({ ok: true, stateName: 'Florida', title: 'Selling from Florida' });
    expect(sentencesOf('FL', 'DE')).toEqual([
      'Florida law (Fla. Stat. 538.31-538.37) requires your ID before any payment, whatever the amount.',
      'Florida law (Fla. Stat. 538.31-538.37) requires a signed statement that the items are yours before we can pay you.',
      'We keep what we buy as it arrived for 15 days before it may be melted or resold; your payment does not wait for it.',
    ]);
  });

  it('tells a seller in a state without a row of its own the general rule: ID above $10,000, no statement', () => {
    expect(sentencesOf('OH', 'DE')).toEqual([
      'We ask for your ID only before paying an offer above $10,000, or when our appraiser asks for it.',
      'We keep what we buy as it arrived for 15 days before it may be melted or resold; your payment does not wait for it.',
    ]);
  });

  it("names the vault's state when its rule is the stricter one (the strictest of the two applies)", () => {
    const sentences = sentencesOf('OH', 'FL');
    expect(sentences[0]).toBe('Florida law (Fla. Stat. 538.31-538.37) requires your ID before any payment, whatever the amount.');
    expect(sentences[2]).toMatch(/^We keep what we buy as it arrived for 15 days/);
    // A tie on the hold is credited to the seller's row, which then names its law.
    expect(sentencesOf('NY', 'DE')[2]).toBe(
      'New York (New York City rules) law asks us to keep what we buy as it arrived for 15 days before it may be melted or resold; your payment does not wait for it.',
    );
  });

  it('says what the payment gate asks for the same rule: ID and statement exactly when the gate requires them', () => {
    for (const state of ['FL', 'CA', 'NY', 'TX', 'NC', 'OH', 'DE']) {
      const lookup = submissionRuleFor(state, 'DE');
      if (!lookup.ok) throw new Error(lookup.message);
      const smallOffer = paymentRequirementsOf(lookup.rule, 100);
      const sentences = sentencesOf(state, 'DE');
      expect(sentences.some((s) => s.includes('before any payment'))).toBe(smallOffer.identityRequired);
      expect(sentences.some((s) => s.includes('signed statement'))).toBe(smallOffer.statementRequired);
      expect(
        paymentRequirementsOf(lookup.rule, KYC_THRESHOLD_CENTS + 1).identityRequired || sentences[0]!.includes('$10,000'),
      ).toBe(true);
    }
  });

  it('refuses a state code it does not know with a sentence', () => {
    expect(sellerRuleText('ZZ', 'DE')).toEqual({
      ok: false,
      message: 'We do not know the state code "ZZ"; use a two-letter US state code.',
    });
  });
});

describe('idRuleCaption', () => {
  const captionOf = (seller: string, vault: string) => {
    const lookup = submissionRuleFor(seller, vault);
    if (!lookup.ok) throw new Error(lookup.message);
    return idRuleCaption(lookup.rule);
  };

  it("names the state whose rule asks for ID before any payment, the seller's or the vault's", () => {
    expect(captionOf('FL', 'DE')).toBe('Florida: ID before any payment');
    expect(captionOf('TX', 'DE')).toBe('Texas: ID before any payment');
    expect(captionOf('OH', 'FL')).toBe('Florida: ID before any payment');
  });

  it("is SPEC's threshold when no state asks more, and a lower state threshold names its state", () => {
    expect(captionOf('OH', 'DE')).toBe('ID above $10,000');
    expect(
      idRuleCaption({
        idBeforePayment: { kind: 'above', amountCents: 500_000 },
        fieldSources: { idBeforePayment: 'TX' } as Parameters<typeof idRuleCaption>[0]['fieldSources'],
      }),
    ).toBe('Texas: ID above $5,000');
  });
});

describe('stateIdSentence', () => {
  const ruleOf = (seller: string, vault: string) => {
    const lookup = submissionRuleFor(seller, vault);
    if (!lookup.ok) throw new Error(lookup.message);
    return lookup.rule;
  };

  it("is the state's ID sentence when its rule asks for ID at this amount, and null under SPEC's threshold alone", () => {
    expect(stateIdSentence(ruleOf('FL', 'DE'), 50_00)).toBe(
      'Florida law (Fla. Stat. 538.31-538.37) requires your ID before any payment, whatever the amount.',
    );
    expect(stateIdSentence(ruleOf('OH', 'DE'), 50_00)).toBeNull();
    expect(stateIdSentence(ruleOf('OH', 'DE'), KYC_THRESHOLD_CENTS + 1)).toBeNull();
  });
});

describe('publishedRules', () => {
  it('states the general rule and each state that asks more, so the FAQ never says ID is needed only above $10,000 for Florida', () => {
    const rules = publishedRules('DE');
    expect(rules.general[0]).toBe(
      'We ask for your ID only before paying an offer above $10,000, or when our appraiser asks for it.',
    );
    expect(rules.exceptions.map((state) => state.code)).toEqual(['FL', 'CA', 'NY', 'TX', 'NC']);
    const florida = rules.exceptions.find((state) => state.code === 'FL');
    expect(florida?.sentences[0]).toBe(
      'Florida law (Fla. Stat. 538.31-538.37) requires your ID before any payment, whatever the amount.',
    );
  });

  it("folds the vault's row into the general rule when the vault is in a state with a row", () => {
    const rules = publishedRules('FL');
    expect(rules.general[0]).toMatch(/^Florida law .* before any payment/);
    expect(rules.general[2]).toMatch(/^We keep what we buy as it arrived for 15 days/);
  });
});
