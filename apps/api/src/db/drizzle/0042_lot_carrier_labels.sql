ALTER TABLE "melt_lots" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "melt_lots" ADD COLUMN "shipment_id" text;--> statement-breakpoint
ALTER TABLE "melt_lots" ADD COLUMN "service" text;--> statement-breakpoint
ALTER TABLE "melt_lots" ADD COLUMN "postage" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "melt_lots" ADD COLUMN "label_url" text;--> statement-breakpoint
ALTER TABLE "melt_lots" ADD COLUMN "label_image_key" text;--> statement-breakpoint
ALTER TABLE "melt_lots" ADD COLUMN "label_valid_for_postage" boolean;--> statement-breakpoint
ALTER TABLE "melt_lots" ADD COLUMN "label_sender" jsonb;--> statement-breakpoint
ALTER TABLE "melt_lots" ADD COLUMN "label_receiver" jsonb;--> statement-breakpoint
ALTER TABLE "refiners" ADD COLUMN "address_name" text;--> statement-breakpoint
ALTER TABLE "refiners" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "refiners" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "refiners" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "refiners" ADD COLUMN "address_state" text;--> statement-breakpoint
ALTER TABLE "refiners" ADD COLUMN "address_postal_code" text;--> statement-breakpoint
ALTER TABLE "refiners" ADD COLUMN "address_phone" text;--> statement-breakpoint
ALTER TABLE "melt_lots" ADD CONSTRAINT "melt_lots_label_check" CHECK (("melt_lots"."carrier" is null) = ("melt_lots"."label_valid_for_postage" is null) and ("melt_lots"."carrier" is null) = ("melt_lots"."label_sender" is null) and ("melt_lots"."carrier" is null) = ("melt_lots"."label_receiver" is null) and ("melt_lots"."carrier" is null or "melt_lots"."tracking_number" is not null));--> statement-breakpoint
ALTER TABLE "refiners" ADD CONSTRAINT "refiners_address_check" CHECK (("refiners"."address_name" is null) = ("refiners"."address_line1" is null) and ("refiners"."address_name" is null) = ("refiners"."address_city" is null) and ("refiners"."address_name" is null) = ("refiners"."address_state" is null) and ("refiners"."address_name" is null) = ("refiners"."address_postal_code" is null) and ("refiners"."address_name" is not null or ("refiners"."address_line2" is null and "refiners"."address_phone" is null)));