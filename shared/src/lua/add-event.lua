-- The one writer of event stream entries (their fields: EventStreamEntry, shared/src/job.ts), put
-- into every script that stores events by `--- @include "add-event"`. `origin` names the source
-- (EVENT_SOURCES), so readers take it from the entry instead of guessing it.
local function add_event(stream, maxlen, json, type, player, server_id, ingested_at, origin)
  redis.call('XADD', stream, 'MAXLEN', '~', maxlen, '*', 'event', json, 'type', type, 'player', player,
    'serverId', server_id, 'ingestedAt', ingested_at, 'origin', origin)
end
