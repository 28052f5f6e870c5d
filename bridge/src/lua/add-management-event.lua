-- KEYS[1] seq hash, KEYS[2] stream; ARGV: before-seq, after-seq, type, player, maxLen, ingestedAt, serverId.
--- @include "add-event"
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
add_event(KEYS[2], ARGV[5], ARGV[1] .. seq .. ARGV[2], ARGV[3], ARGV[4], ARGV[7], ARGV[6], 'management')
return seq
