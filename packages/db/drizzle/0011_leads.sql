CREATE TABLE "call_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"binding_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"duration_s" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"mobile" text NOT NULL,
	"city_id" integer NOT NULL,
	"estate_id" integer,
	"source" text NOT NULL,
	"service_type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"agent_id" integer,
	"assigned_at" timestamp with time zone,
	"claim_due_at" timestamp with time zone,
	"sla_due_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"consent_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_consent" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"user_id" integer,
	"text_version" text NOT NULL,
	"ip" text,
	"page" text,
	"created_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"kind" text NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "lead_idempotency" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"body_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_idempotency_scope_route_key_pk" PRIMARY KEY("scope","route","key")
);
--> statement-breakpoint
CREATE TABLE "staff_agent" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_number_binding" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"virtual_number" text NOT NULL,
	"user_id" integer,
	"mobile" text NOT NULL,
	"agent_id" integer NOT NULL,
	"lead_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "call_log_binding_idx" ON "call_log" USING btree ("binding_id");--> statement-breakpoint
CREATE INDEX "lead_mobile_idx" ON "lead" USING btree ("mobile","estate_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_agent_idx" ON "lead" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_open_idx" ON "lead" USING btree ("status","claim_due_at");--> statement-breakpoint
CREATE INDEX "lead_consent_mobile_idx" ON "lead_consent" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "lead_event_lead_idx" ON "lead_event" USING btree ("lead_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_agent_agent_idx" ON "staff_agent" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "vnb_pair_idx" ON "virtual_number_binding" USING btree ("mobile","agent_id","expires_at");--> statement-breakpoint
CREATE INDEX "vnb_number_idx" ON "virtual_number_binding" USING btree ("virtual_number","expires_at");