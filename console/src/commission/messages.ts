import { CAP_LABELS, COMMISSION_MESSAGES } from '@app/contracts';

// Words of the commission cap card and the Default Commission Templates block. The spec's own words
// (the cap labels, the server's messages) come from the contracts, shared with the server.
export { CAP_LABELS, COMMISSION_MESSAGES };

export const COMMISSION_LABELS = {
  capSummaryTitle: 'Commission Cap Summary',
  ytd: 'YTD',
  cap: 'Cap',
  pending: 'Pending',
  anniversary: 'Anniversary',
  noAnniversary: 'Not set',
  loadingCaps: 'Loading the commission caps',
  capsLoadFailed: 'The commission caps could not be loaded.',
  retry: 'Retry',
  /** What the bar says to assistive technology: '$3,250.00 of $20,000.00 (16%), $500.00 pending'. */
  barText: (ytd: string, cap: string, pct: number, pending: string | null) =>
    `${ytd} of ${cap} (${pct}%)${pending ? `, ${pending} pending` : ''}`,
  // The admin user form's block (spec 000 sections 3 and 6).
  defaultTemplatesTitle: 'Default Commission Templates',
  defaultTemplatesIntro: "Copied onto the user's new transactions for each side.",
  buyerTemplates: 'Buyer templates',
  sellerTemplates: 'Seller templates',
  templatesLoadFailed: 'The commission templates could not be loaded.',
} as const;
