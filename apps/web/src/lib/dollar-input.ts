/**
 * A dollar amount as people type it ('$1,250.00') in the plain form the money schemas read
 * ('1250.00'). Whether it is an amount at all is the schema's business.
 */
export function plainDollarAmount(text: string): string {
  return text.trim().replace(/^\$/, '').replaceAll(',', '');
}
