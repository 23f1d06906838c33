CREATE TABLE "people" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp (3) with time zone,
	"last_sign_in_at" timestamp (3) with time zone,
	"deactivated_at" timestamp (3) with time zone,
	"deactivated_by" text,
	CONSTRAINT "people_org_id_id_pk" PRIMARY KEY("org_id","id"),
	CONSTRAINT "people_role_check" CHECK ("people"."role" IN ('analyst', 'reviewer', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "person_sessions" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"end_reason" text,
	CONSTRAINT "person_sessions_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "installation" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"licence" jsonb,
	"licence_payload" text,
	"licence_signature" text,
	"licence_checked_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"completed_by" text,
	"org_id" uuid,
	CONSTRAINT "installation_single_row" CHECK ("installation"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "service_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_sessions" ADD CONSTRAINT "person_sessions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "people_id_key" ON "people" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_key" ON "people" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "people_org_created_idx" ON "people" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "person_sessions_id_key" ON "person_sessions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "person_sessions_org_person_idx" ON "person_sessions" USING btree ("org_id","person_id") WHERE ended_at IS NULL;