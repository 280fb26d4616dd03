ALTER TABLE "chat_conversation" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "chat_conversation" SET "waiting_since" = "updated_at" WHERE "state" = 'waiting';--> statement-breakpoint
UPDATE "chat_conversation" SET "claimed_at" = "updated_at" WHERE "state" IN ('claimed', 'closed') AND "staff_user_id" IS NOT NULL;
