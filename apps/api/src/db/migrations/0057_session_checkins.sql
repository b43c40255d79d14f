CREATE TABLE "session_checkins" (
	"session_id" uuid NOT NULL,
	"registrant_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_in_by" uuid,
	"device_id" text,
	CONSTRAINT "session_checkins_session_id_registrant_id_pk" PRIMARY KEY("session_id","registrant_id")
);
--> statement-breakpoint
ALTER TABLE "attendance_codes" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "checkin_events" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "session_checkins" ADD CONSTRAINT "session_checkins_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_checkins" ADD CONSTRAINT "session_checkins_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_checkins" ADD CONSTRAINT "session_checkins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_checkins" ADD CONSTRAINT "session_checkins_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_checkins_event_registrant_idx" ON "session_checkins" USING btree ("event_id","registrant_id");--> statement-breakpoint
ALTER TABLE "attendance_codes" ADD CONSTRAINT "attendance_codes_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE set null ON UPDATE no action;