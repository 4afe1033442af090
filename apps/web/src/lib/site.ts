/**
 * How people reach Assay's support team (SPEC 1 "support block"). One place, because the landing
 * page, the FAQ and the contact page all print them.
 */
export const supportContact = {
  email: 'support@assay.example',
  /** As people read it. */
  phone: '1-800-555-0199',
  /** For tel: links. */
  phoneHref: 'tel:+18005550199',
  hours: 'Monday to Friday, 9 am to 6 pm Eastern',
} as const;
