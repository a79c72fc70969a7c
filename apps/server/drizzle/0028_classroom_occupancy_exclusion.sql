-- No trainer and no room holds two overlapping sessions, however concurrent the writes: gist
-- over a one-point integer range (the resource) and the session's time range, one constraint per
-- kind, so no extension (btree_gist) is needed. Half-open ranges: a session may start when the
-- previous one ends (spec §5: ranges overlap when each one's end is after the other's start).
ALTER TABLE "classroom_occupancy" ADD CONSTRAINT "classroom_occupancy_trainer_excl" EXCLUDE USING gist (int4range("resource_id", "resource_id", '[]') WITH &&, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("resource_kind" = 'trainer');--> statement-breakpoint
ALTER TABLE "classroom_occupancy" ADD CONSTRAINT "classroom_occupancy_room_excl" EXCLUDE USING gist (int4range("resource_id", "resource_id", '[]') WITH &&, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("resource_kind" = 'room');
