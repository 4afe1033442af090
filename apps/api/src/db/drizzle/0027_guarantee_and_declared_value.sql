ALTER TABLE "submissions" ADD COLUMN "declared_value" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "guarantee_floor" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "guarantee_goodwill" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_guarantee_whole_check" CHECK (("submissions"."guarantee_floor" is null) = ("submissions"."guarantee_goodwill" is null) and ("submissions"."guarantee_floor" is null or "submissions"."material" is not null));