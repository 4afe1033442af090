// The client's home address the shipping, return and payout tests use, already in the form the
// server stores (a phone typed another way is normalised to this one).
import type { FastifyInstance } from 'fastify';

export const HOME_ADDRESS = {
  name: 'Casey Client',
  line1: '12 Main Street',
  line2: 'Apt 4B',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  phone: '(217) 555-0134',
};

/** PUT /api/users/me/address as the person with `cookie`. */
export function saveAddress(app: FastifyInstance, cookie: string, address: object = HOME_ADDRESS) {
  return app.inject({ method: 'PUT', url: '/api/users/me/address', headers: { cookie }, payload: address });
}
