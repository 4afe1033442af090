/** The text a field's aria-describedby points at: its hint and its error message, as a screen reader reads them. */
export function describedText(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => control.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** Whether the control is marked invalid for assistive technology. */
export function isInvalid(control: HTMLElement): boolean {
  return control.getAttribute('aria-invalid') === 'true';
}
