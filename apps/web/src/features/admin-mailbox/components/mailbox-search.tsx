import { useId, useState, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { MAILBOX_SEARCH_MAX_LENGTH, mailboxSearchMessage, normalizeMailboxSearch } from '@assay/domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/**
 * Finds the parcel in hand: the number after # on its card and label, or the tracking number a
 * scanner types in (a scanner ends with Enter, which submits).
 */
export function MailboxSearch({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(search);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(null);
      onSearch('');
      return;
    }
    const value = normalizeMailboxSearch(text);
    if (!value) {
      setError(mailboxSearchMessage);
      return;
    }
    setError(null);
    onSearch(value);
  };

  const clear = () => {
    setText('');
    setError(null);
    onSearch('');
  };

  return (
    <form role="search" onSubmit={submit} className="flex flex-col gap-1 sm:max-w-md sm:flex-1">
      <label htmlFor={inputId} className="sr-only">
        Find a submission by its number or tracking number
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={inputId}
            type="search"
            value={text}
            maxLength={MAILBOX_SEARCH_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            placeholder="# or tracking number"
            className="pl-9 [&::-webkit-search-cancel-button]:appearance-none"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setText(e.target.value)}
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
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
