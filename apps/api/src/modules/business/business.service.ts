// Who Assay is, as GET /api/business answers it and the server-rendered pages show it.
import { payoutRailsFor, type BusinessIdentity } from '@assay/domain';
import type { AppContext } from '../../context.ts';

export function publishedBusiness(ctx: Pick<AppContext, 'config' | 'payouts'>): BusinessIdentity {
  return {
    ...ctx.config.business,
    receivingState: ctx.config.compliance.vaultState,
    payoutRails: payoutRailsFor({ paypalApi: ctx.payouts.handles('paypal') }),
  };
}
