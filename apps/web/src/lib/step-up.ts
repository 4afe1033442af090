// The money and identity decisions ask an appraiser for a fresh authenticator code (decision 026):
// the server answers 403 STEP_UP_REQUIRED, the app shows its one code dialog, and the request is
// sent again once the code is confirmed. apiFetch asks whoever registered here (the dialog host in
// the app's providers); with nobody registered the refusal reaches the caller as it is.

/** Asks for a code: true once the server has confirmed one, false if the person cancelled. */
export type StepUpPrompt = () => Promise<boolean>;

export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';

let current: StepUpPrompt | null = null;

/** Registers the dialog; the returned function unregisters it (only if it is still the one). */
export function registerStepUpPrompt(prompt: StepUpPrompt): () => void {
  current = prompt;
  return () => {
    if (current === prompt) current = null;
  };
}

export function stepUpPrompt(): StepUpPrompt | null {
  return current;
}

/** Whether an error body is the server's STEP_UP_REQUIRED refusal. */
export function isStepUpRefusal(status: number, body: string): boolean {
  if (status !== 403) return false;
  try {
    const parsed = JSON.parse(body) as unknown;
    return !!parsed && typeof parsed === 'object' && 'error' in parsed && parsed.error === STEP_UP_REQUIRED;
  } catch {
    return false;
  }
}
