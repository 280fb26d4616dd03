ALTER TABLE "agent" ADD COLUMN "contractor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agent" ADD COLUMN "intro" text;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "brief" jsonb;