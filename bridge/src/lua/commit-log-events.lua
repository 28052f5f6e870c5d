-- KEYS[1] position hash, KEYS[2] stream; ARGV: file, offset, seq (expected), newFile, newOffset,
-- maxLen, ingestedAt, serverId, origin, then (json, type, player) per event.
--- @include "add-event"
local cur = redis.call('HMGET', KEYS[1], 'file', 'offset', 'seq')
local file, offset, seq = cur[1] or '', cur[2] or '0', cur[3] or '0'
if file ~= ARGV[1] or offset ~= ARGV[2] or seq ~= ARGV[3] then return {0, file, offset, seq} end
local n = 0
for i = 10, #ARGV, 3 do
  add_event(KEYS[2], ARGV[6], ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[8], ARGV[7], ARGV[9])
  n = n + 1
end
redis.call('HSET', KEYS[1], 'file', ARGV[4], 'offset', ARGV[5], 'seq', tostring(tonumber(ARGV[3]) + n))
return {1}
