import { AlertCircle } from 'lucide-react';
import { Alert } from './alert';

/** The form-level message (FORM_ERROR: a server issue with no field of its own), as an alert. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert variant="error">
      <AlertCircle aria-hidden="true" />
      <span>{message}</span>
    </Alert>
  );
}
