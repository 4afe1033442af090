// The demo's two sign-ins, printed at start and used by the browser journeys (e2e imports this
// file alone, without the seeding code behind it).
export const demoAccounts = {
  client: { email: 'demo-client@assay.example', password: 'assay-demo-client', firstName: 'Dana', lastName: 'Client' },
  admin: { email: 'demo-admin@assay.example', password: 'assay-demo-admin', firstName: 'Alex', lastName: 'Appraiser' },
} as const;

/** `mailboxUrl`: where the demo mailbox is, when e-mail stays in the outbox (no SMTP). */
export function describeDemoAccounts(mailboxUrl?: string): string[] {
  return [
    `  demo client: ${demoAccounts.client.email} / ${demoAccounts.client.password}`,
    `  demo admin:  ${demoAccounts.admin.email} / ${demoAccounts.admin.password}`,
    // Its password is published: a second factor would protect nothing (decision 026).
    '  the demo admin needs no authenticator app (demo only); every other appraiser enrols as STAFF_TWO_FACTOR says',
    ...(mailboxUrl ? [`  demo mailbox: ${mailboxUrl} (e-mails, such as the link that confirms a new account)`] : []),
  ];
}
