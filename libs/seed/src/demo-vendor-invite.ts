/**
 * The demo vendor invite of Demo Realty. Its token is well known, like DEMO_PASSWORD, so that `npm start`
 * can print a working invite link: only for demo data. The identity seeder keeps one pending invite with
 * it (a spent or expired one is followed by a new invite with the same token).
 */
export const DEMO_VENDOR_INVITE = {
  team: 'demo',
  token: 'demo-vendor-invite-lakeside-title',
  name: 'Lakeside Title Co.',
  vendor_type: 'Title',
} as const;

/** The console's link for the demo invite at a browser origin ('http://localhost:8080'). */
export function demoVendorInviteUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/enroll/vendor?invite_token=${DEMO_VENDOR_INVITE.token}`;
}
