// The demo module's public face: what other modules, the composition root and the jobs may use.
export { demoAccounts, demoStaffEmails } from './demo-accounts.ts';
export { demoMailRoutes } from './demo-mail.routes.ts';
export { decideDemoMode, type DemoModeDecision, type DemoModeFacts, LOOPBACK_HOST, seededDemoExposure } from './demo-mode.ts';
export { demoAccountsExist, describeDemoAccounts, seedDemoIfFresh } from './demo.service.ts';
