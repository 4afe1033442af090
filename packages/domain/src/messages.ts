// The exact sentences SPEC 5 shows when a form is incomplete. The API schemas answer with them
// too, so a person sees the same words whether the browser or the server caught the problem.

export const validationMessages = {
  requiredFields: 'Please fill in all required fields',
  bankDetails: 'Please fill in all bank account details',
  paypalEmail: 'Please enter your PayPal email address',
  offerAndWeight: 'Please enter final offer and actual weight',
} as const;
