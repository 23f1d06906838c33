CREATE TABLE "org_counters" (
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "org_counters_org_id_name_pk" PRIMARY KEY("org_id","name")
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"org_id" uuid NOT NULL,
	"id" text NOT NULL,
	"kind" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone,
	CONSTRAINT "entities_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "entity_links" (
	"org_id" uuid NOT NULL,
	"entity_id" text NOT NULL,
	"relation" text NOT NULL,
	"other_id" text NOT NULL,
	"first_seen" timestamp (3) with time zone NOT NULL,
	"last_seen" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "entity_links_org_id_entity_id_relation_other_id_pk" PRIMARY KEY("org_id","entity_id","relation","other_id")
);
--> statement-breakpoint
CREATE TABLE "decisions" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"risk_score" integer NOT NULL,
	"reasons" jsonb NOT NULL,
	"decided_in_us" integer,
	"rule_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alert_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decisions_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"idempotency_key" text NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"amount" numeric,
	"currency" text,
	"rail" text,
	"source_id" text,
	"destination_id" text,
	"device_id" text,
	"payload" jsonb NOT NULL,
	"mode" text NOT NULL,
	"features" jsonb,
	"dest_features" jsonb,
	CONSTRAINT "events_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "alert_notes" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_notes_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"entity_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"priority" text NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"decision_id" uuid,
	"event_id" uuid,
	"risk_score" integer NOT NULL,
	"last_event_at" timestamp (3) with time zone NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"assigned_to" text,
	"disposition" text,
	"closure_requested_by" text,
	"closed_by" text,
	"closed_at" timestamp (3) with time zone,
	"screening_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "rule_backtests" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"ran_by" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_backtests_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "rule_set_versions" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_versions" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"expr" text NOT NULL,
	"weight" integer NOT NULL,
	"detail" text NOT NULL,
	"subject" text DEFAULT 'source' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" text NOT NULL,
	"approved_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp (3) with time zone,
	"retired_at" timestamp (3) with time zone,
	CONSTRAINT "rule_versions_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "screening_list_entries" (
	"list_code" text NOT NULL,
	"ref" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"program" text,
	"birth_year" integer,
	CONSTRAINT "screening_list_entries_list_code_ref_pk" PRIMARY KEY("list_code","ref")
);
--> statement-breakpoint
CREATE TABLE "screening_list_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_lists" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"entries" integer NOT NULL,
	"loaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_resolutions" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"screening_id" uuid NOT NULL,
	"list" text NOT NULL,
	"entry_ref" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text NOT NULL,
	"status" text NOT NULL,
	"resolved_by" text NOT NULL,
	"decided_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone,
	CONSTRAINT "screening_resolutions_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "screenings" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"reference" text,
	"status" text NOT NULL,
	"threshold" integer NOT NULL,
	"subject" jsonb NOT NULL,
	"matches" jsonb NOT NULL,
	"near" jsonb NOT NULL,
	"lists" jsonb NOT NULL,
	"review" text NOT NULL,
	"alert_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screenings_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
ALTER TABLE "org_counters" ADD CONSTRAINT "org_counters_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_links" ADD CONSTRAINT "entity_links_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notes" ADD CONSTRAINT "alert_notes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_backtests" ADD CONSTRAINT "rule_backtests_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_set_versions" ADD CONSTRAINT "rule_set_versions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_versions" ADD CONSTRAINT "rule_versions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_list_entries" ADD CONSTRAINT "screening_list_entries_list_code_screening_lists_code_fk" FOREIGN KEY ("list_code") REFERENCES "public"."screening_lists"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_resolutions" ADD CONSTRAINT "screening_resolutions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entities_org_updated_idx" ON "entities" USING btree ("org_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "entity_links_recent_idx" ON "entity_links" USING btree ("org_id","entity_id","last_seen" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "decisions_event_key" ON "decisions" USING btree ("org_id","event_id");--> statement-breakpoint
CREATE INDEX "decisions_alert_idx" ON "decisions" USING btree ("org_id","alert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_idempotency_key" ON "events" USING btree ("org_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "events_org_occurred_idx" ON "events" USING btree ("org_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alert_notes_alert_idx" ON "alert_notes" USING btree ("org_id","alert_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_number_key" ON "alerts" USING btree ("org_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_open_per_entity" ON "alerts" USING btree ("org_id","entity_id") WHERE status IN ('open', 'in_review') AND screening_id IS NULL AND entity_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "alerts_org_updated_idx" ON "alerts" USING btree ("org_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_org_status_due_idx" ON "alerts" USING btree ("org_id","status","due_at","id");--> statement-breakpoint
CREATE INDEX "alerts_org_entity_idx" ON "alerts" USING btree ("org_id","entity_id");--> statement-breakpoint
CREATE INDEX "rule_backtests_rule_idx" ON "rule_backtests" USING btree ("org_id","rule_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_versions_key_version" ON "rule_versions" USING btree ("org_id","key","version");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_versions_one_active" ON "rule_versions" USING btree ("org_id","key") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "rule_versions_org_status_idx" ON "rule_versions" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "screening_resolutions_screening_idx" ON "screening_resolutions" USING btree ("org_id","screening_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_resolutions_one_pending" ON "screening_resolutions" USING btree ("org_id","screening_id","list","entry_ref") WHERE status = 'pending_approval';--> statement-breakpoint
CREATE INDEX "screenings_org_created_idx" ON "screenings" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "screenings_org_reference_idx" ON "screenings" USING btree ("org_id","reference","created_at" DESC NULLS LAST);