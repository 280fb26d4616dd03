CREATE TABLE "idempotency_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"product_kind" text NOT NULL,
	"product_code" text NOT NULL,
	"subject" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"platform" smallint,
	"provider" text,
	"provider_txn_id" text,
	"app_account_token" uuid NOT NULL,
	"return_to" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"provider" text,
	"provider_txn_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"notify_id" text,
	"claimed_notify_id" text,
	"source" text NOT NULL,
	"order_no" text,
	"event" text,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_no" text NOT NULL,
	"order_no" text NOT NULL,
	"provider" text NOT NULL,
	"provider_txn_id" text,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text NOT NULL,
	"message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_idx" ON "idempotency_keys" USING btree ("user_id","route","key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_idx" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_app_account_token_idx" ON "orders" USING btree ("app_account_token");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_txn_idx" ON "orders" USING btree ("provider","provider_txn_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_order_kind_idx" ON "payment_ledger" USING btree ("order_no","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_notify_idx" ON "payment_notifications" USING btree ("provider","notify_id");--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_refund_no_idx" ON "refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "refunds_txn_idx" ON "refunds" USING btree ("provider","provider_txn_id");