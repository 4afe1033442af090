import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { BusinessIdentity } from '@assay/domain';
import { AboutPage } from '@/app/pages/about-page';
import { paths } from '@/lib/paths';
import { businessIdentity } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { TrustBadges } from './trust-badges';

const real: BusinessIdentity = businessIdentity;
const example: BusinessIdentity = { ...real, legalName: 'Example Assay Buyers LLC (example)', example: true };

const serve = (business: BusinessIdentity) => server.use(http.get('/api/business', () => HttpResponse.json(business)));

describe('business identity on the public pages (landing badges, About, footer)', () => {
  test("the trust badges keep SPEC's names and say concrete things", async () => {
    serve(real);
    renderWithApp(<TrustBadges />);
    const list = screen.getByRole('list', { name: 'Why sellers trust Assay' });
    expect(await within(list).findByText('Insured up to $25,000 by Harbor Mutual Insurance')).toBeTruthy();
    expect(within(list).getByText('Appraised by Dana Reyes, GIA Graduate Gemologist')).toBeTruthy();
    for (const title of ['SSL Secure', 'Insured Shipping', 'Expert Appraisers', '48-Hour Guarantee'])
      expect(within(list).getByText(title)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Licences, insurance and appraisers' }).getAttribute('href')).toBe(paths.about);
    expect(screen.queryByText('Example')).toBeNull();
  });

  test('the About page lists the legal name, address, licences, insurer and limit, and appraisers', async () => {
    serve(real);
    renderWithApp(<AboutPage />, { path: paths.about });
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Assay Buyers LLC')).toBeTruthy();
    expect(within(main).getByText('1 Market Street, Suite 5, Wilmington, DE 19801')).toBeTruthy();
    expect(within(main).getByText('2019-0001')).toBeTruthy();
    expect(within(main).getByText(/insured by Harbor Mutual Insurance up to \$25,000/)).toBeTruthy();
    expect(within(main).getByText('Dana Reyes')).toBeTruthy();
    expect(within(main).getByText('Lee Park')).toBeTruthy();
    expect(screen.queryByText('Example')).toBeNull();
  });

  test('example values carry an Example marker on the About page and in the footer', async () => {
    serve(example);
    // The About page, under the public layout and its footer.
    renderWithApp(<AboutPage />, { path: paths.about });
    expect(await screen.findByText(/This is a demo: the business below is fictional/)).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText(/Example Assay Buyers LLC \(example\)\. All rights reserved\./)).toBeTruthy();
    expect(within(footer).getByText('Example')).toBeTruthy();
    expect(within(footer).getByText('1 Market Street, Suite 5, Wilmington, DE 19801')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'About Assay' }).getAttribute('href')).toBe(paths.about);
  });
});
