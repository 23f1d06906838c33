CREATE TABLE "str_reports" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"case_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"subject" jsonb NOT NULL,
	"transactions" jsonb NOT NULL,
	"reason" text,
	"action" text,
	"indicators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"drafted_by" text NOT NULL,
	"sent_for_review_by" text,
	"filed_by" text,
	"filing" jsonb,
	"last_rejection" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "str_reports_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
ALTER TABLE "str_reports" ADD CONSTRAINT "str_reports_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "str_reports" ADD CONSTRAINT "str_reports_case_fk" FOREIGN KEY ("org_id","case_id") REFERENCES "public"."cases"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "str_reports_number_key" ON "str_reports" USING btree ("org_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "str_reports_one_per_case" ON "str_reports" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "str_reports_org_updated_idx" ON "str_reports" USING btree ("org_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);