-- Decision 028, amended: sessions keep no client IP. better-auth wrote one on every new session and
-- nothing read it; the app now writes none (better-auth.ts, databaseHooks.session), the IPs already
-- stored are forgotten, and the CHECK refuses one written again. HAND-EDITED: the UPDATE before it.
UPDATE "sessions" SET "ip_address" = NULL WHERE "ip_address" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_ip_address_not_kept" CHECK ("sessions"."ip_address" is null);
