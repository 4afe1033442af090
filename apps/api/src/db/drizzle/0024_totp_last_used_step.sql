-- Issue 25 (decision 026): the time step of the last authenticator code accepted, so that a code is
-- accepted once (RFC 6238 section 5.2). Null until the person's next code.
ALTER TABLE "two_factors" ADD COLUMN "last_used_step" bigint;