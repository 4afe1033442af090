import type { CurrentUser } from '@assay/domain';
import { NewSubmissionForm } from '@/features/submissions/components/new-submission-form';
import { BackToDashboardLink, ClientLayout } from '../layouts/client-layout';
import { PageHeader } from '../layouts/signed-in-layout';

/** SPEC 2 "New Submission view" (lazy: it carries Uppy). */
export function NewSubmissionPage({ user }: { user: CurrentUser }) {
  return (
    <ClientLayout user={user}>
      <BackToDashboardLink />
      <PageHeader title="New Submission" subtitle="Tell us about your item and add photos. Free, no obligation." />
      <NewSubmissionForm userId={user.id} />
    </ClientLayout>
  );
}
