// The users module's public face: what other modules, the composition root and the jobs may use.
export { type Auth, createIdentity, type Identity } from './identity.ts';
export { signInThrottleJobs } from './sign-in-throttle.jobs.ts';
export { saveShippingAddress } from './users.address.repository.ts';
export { userAddressRoutes } from './users.address.routes.ts';
export { addressStateOf, payeeNameOf, payeeOf, shippingAddressOf } from './users.address.service.ts';
export { usersRoutes } from './users.routes.ts';
export { syncAdminEmails } from './users.service.ts';
