import { z } from 'zod';
import { Search, X } from 'lucide-react';
import { MAILBOX_SEARCH_MAX_LENGTH, mailboxSearchMessage, normalizeMailboxSearch } from '@assay/domain';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** A number or tracking number as the mailbox reads it; an empty search shows everything again. */
const searchFormSchema = z.object({
  search: z.string().transform((text, ctx) => {
    if (!text.trim()) return '';
    const value = normalizeMailboxSearch(text);
    if (!value) ctx.addIssue({ code: 'custom', message: mailboxSearchMessage });
    return value ?? z.NEVER;
  }),
});

/**
 * Finds the parcel in hand: the number after # on its card and label, or the tracking number a
 * scanner types in (a scanner ends with Enter, which submits).
 */
export function MailboxSearch({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const form = useZodForm(searchFormSchema, { defaultValues: { search } });
  const error = form.formState.errors.search?.message;

  const clear = () => {
    form.reset({ search: '' });
    onSearch('');
  };

  return (
    <form
      role="search"
      onSubmit={(event) => void form.handleSubmit((values) => onSearch(values.search))(event)}
      className="sm:max-w-md sm:flex-1"
    >
      <Field label="Find a submission by its number or tracking number" labelClassName="sr-only" error={error} className="gap-1">
        {(control) => (
          <div className="flex gap-2">
            <div className="relative flex-1">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                {...control}
                type="search"
                maxLength={MAILBOX_SEARCH_MAX_LENGTH}
                autoComplete="off"
                spellCheck={false}
                placeholder="# or tracking number"
                className="pl-9 [&::-webkit-search-cancel-button]:appearance-none"
                {...form.register('search')}
              />
            </div>
            <Button type="submit" variant="outline">
              Find
            </Button>
            {search && (
              <Button type="button" variant="ghost" onClick={clear} aria-label="Clear the search">
                <X aria-hidden="true" />
              </Button>
            )}
          </div>
        )}
      </Field>
    </form>
  );
}
