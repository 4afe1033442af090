// The demo's sign-ins, printed at start and used by the browser journeys (e2e imports this file
// alone, without the seeding code behind it).
export const demoAccounts = {
  client: { email: 'demo-client@assay.example', password: 'assay-demo-client', firstName: 'Dana', lastName: 'Client' },
  admin: { email: 'demo-admin@assay.example', password: 'assay-demo-admin', firstName: 'Alex', lastName: 'Appraiser' },
  // A payout above DUAL_APPROVAL_ABOVE needs an admin who did not make its offer (decision 027):
  // without a second one, the demo's large offer, once accepted, could never be paid.
  approver: {
    email: 'demo-approver@assay.example',
    password: 'assay-demo-approver',
    firstName: 'Second',
    lastName: 'Approver',
  },
} as const;

export type DemoAccount = keyof typeof demoAccounts;

/** The demo's staff: admins in demo mode, and, their passwords being published, asked no second factor. */
export const demoStaff = ['admin', 'approver'] as const satisfies readonly DemoAccount[];

/** The e-mails of the demo's staff, exempt from the second factor in demo mode only. */
export const demoStaffEmails: readonly string[] = demoStaff.map((key) => demoAccounts[key].email);

/** `mailboxUrl`: where the demo mailbox is, when e-mail stays in the outbox (no SMTP). */
export function describeDemoAccounts(mailboxUrl?: string): string[] {
  return [
    `  demo client: ${demoAccounts.client.email} / ${demoAccounts.client.password}`,
    `  demo admin:  ${demoAccounts.admin.email} / ${demoAccounts.admin.password}`,
    `  demo second approver: ${demoAccounts.approver.email} / ${demoAccounts.approver.password} (approves the admin's payouts above DUAL_APPROVAL_ABOVE)`,
    // Their passwords are published: a second factor would protect nothing (decision 026).
    '  the demo admin and second approver need no authenticator app (demo only); every other appraiser enrols as STAFF_TWO_FACTOR says',
    ...(mailboxUrl ? [`  demo mailbox: ${mailboxUrl} (e-mails, such as the link that confirms a new account)`] : []),
  ];
}
