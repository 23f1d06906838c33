-- Indexes of the console's lists: closures and clearances waiting for approval (oldest first), recently closed alerts (median close time), screenings by status or review state.
CREATE INDEX "alerts_pending_closure_idx" ON "alerts" USING btree ("org_id","updated_at","id") WHERE status = 'pending_closure';--> statement-breakpoint
CREATE INDEX "alerts_closed_at_idx" ON "alerts" USING btree ("org_id","closed_at") WHERE status = 'closed';--> statement-breakpoint
CREATE INDEX "screening_resolutions_pending_idx" ON "screening_resolutions" USING btree ("org_id","created_at","id") WHERE status = 'pending_approval';--> statement-breakpoint
CREATE INDEX "screenings_org_status_created_idx" ON "screenings" USING btree ("org_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "screenings_org_review_created_idx" ON "screenings" USING btree ("org_id","review","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);