import { DemoMailbox } from '@/features/demo-mail/components/demo-mailbox';

export function DemoMailRoute() {
  return <DemoMailbox />;
}
