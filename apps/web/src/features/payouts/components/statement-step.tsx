import { useMemo } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { toast } from 'sonner';
import { SELLER_STATEMENT_VERSION, signSellerStatementSchemaFor, type SellerStatementResponse } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { useSignSellerStatement } from '../api/seller-statement';

function StatementForm({
  submissionId,
  statement,
  labelledBy,
}: {
  submissionId: string;
  statement: SellerStatementResponse;
  labelledBy: string;
}) {
  const sign = useSignSellerStatement(submissionId);
  // The same check the server makes: the name typed must be the account's.
  const schema = useMemo(() => signSellerStatementSchemaFor(statement.signAs), [statement.signAs]);
  const form = useZodForm(schema, { defaultValues: { typedName: '', statementVersion: SELLER_STATEMENT_VERSION } });
  const onSubmit = form.handleSubmit((body) => {
    if (sign.isPending) return;
    sign.mutate(body, {
      onSuccess: () => toast.success('Statement signed', { description: 'Thank you. We keep it with this submission.' }),
      onError: (err) => {
        applyServerIssues(form, err);
        toast.error('Could not sign the statement', { description: errorMessage(err) });
      },
    });
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-labelledby={labelledBy}>
      <blockquote className="rounded-md border border-border bg-muted/40 p-3 text-sm leading-relaxed [overflow-wrap:anywhere]">
        {statement.text}
      </blockquote>
      <TextField
        label="Type your full name to sign"
        hint={statement.signAs ? `As on your account: ${statement.signAs}` : undefined}
        autoComplete="name"
        error={form.formState.errors.typedName?.message ?? form.formState.errors.statementVersion?.message}
        {...form.register('typedName')}
      />
      <Button
        type="submit"
        variant="outline"
        className="self-start"
        disabled={sign.isPending}
        aria-busy={sign.isPending || undefined}
      >
        {sign.isPending ? 'Signing...' : 'Sign statement'}
      </Button>
    </form>
  );
}

/**
 * The statement of ownership (DECISIONS "Compliance"), beside the ID step and before 'Confirm &
 * Process Payout': the exact words, a typed-name field, and 'Sign statement'; signed, it says so.
 */
export function StatementStep({
  submissionId,
  headingId,
  step,
  loading,
  statement,
}: {
  submissionId: string;
  headingId: string;
  /** Its number in the step list above, when the list is shown. */
  step: number | null;
  loading: boolean;
  statement: SellerStatementResponse | undefined;
}) {
  const title = statement?.signed ? 'Statement of ownership signed' : 'Sign the statement of ownership';
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="pb-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {step !== null && !statement?.signed ? `Step ${step}: ${title}` : title}
        </h2>
      </CardHeader>
      <CardContent>
        {loading || !statement ? (
          <p className="text-sm text-muted-foreground">Loading the statement...</p>
        ) : statement.signed ? (
          <Alert variant="success">
            <CheckCircle2 aria-hidden="true" />
            <span>You signed the statement of ownership for this submission. Nothing more is needed for it.</span>
          </Alert>
        ) : (
          <StatementForm submissionId={submissionId} statement={statement} labelledBy={headingId} />
        )}
      </CardContent>
    </Card>
  );
}
