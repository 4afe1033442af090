import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { StateRuleNote } from '@/components/state-rule-note';
import { UsStateOptions } from '@/components/us-state-options';
import { addressQueryOptions } from '@/lib/address';

/**
 * The new-submission form's "Before you ship" (issue 27 item 8): the rule of the seller's saved
 * address, or of the state they pick here when none is saved yet (or to see another), so nobody
 * learns of an ID or statement requirement only when the offer arrives.
 */
export function StateRuleBeforeShipping() {
  const saved = useQuery(addressQueryOptions()).data?.address?.state ?? '';
  const [picked, setPicked] = useState<string | null>(null);
  const state = picked ?? saved;
  const id = useId();
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="text-lg font-semibold">Before you ship</h2>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <Field
          id={id}
          label="Your state"
          hint={
            saved ? 'From your saved address; the label uses it too.' : 'The address on your label decides which rule applies.'
          }
        >
          {(control) => (
            <NativeSelect {...control} value={state} onChange={(event) => setPicked(event.target.value)}>
              <UsStateOptions blankLabel="Choose your state" />
            </NativeSelect>
          )}
        </Field>
        <StateRuleNote state={state} />
      </CardContent>
    </Card>
  );
}
