CREATE TABLE "case_alerts" (
	"org_id" uuid NOT NULL,
	"alert_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_alerts_one_case_per_alert" PRIMARY KEY("org_id","alert_id")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"subject_entity_id" text,
	"assigned_to" text,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp (3) with time zone,
	CONSTRAINT "cases_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
ALTER TABLE "case_alerts" ADD CONSTRAINT "case_alerts_case_fk" FOREIGN KEY ("org_id","case_id") REFERENCES "public"."cases"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_alerts" ADD CONSTRAINT "case_alerts_alert_fk" FOREIGN KEY ("org_id","alert_id") REFERENCES "public"."alerts"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_alerts_case_position_key" ON "case_alerts" USING btree ("org_id","case_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_number_key" ON "cases" USING btree ("org_id","number");--> statement-breakpoint
CREATE INDEX "cases_org_updated_idx" ON "cases" USING btree ("org_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cases_org_status_updated_idx" ON "cases" USING btree ("org_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);