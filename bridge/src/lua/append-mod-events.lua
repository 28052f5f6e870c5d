-- KEYS[1] session hash, KEYS[2] stream; ARGV epoch, maxLen, ingestedAt, serverId, then
-- (seq, json, type, player) per event. Returns {current, lastSeq, stored, dups, gaps,
-- refused index (1-based, 0 = none), refusal (1 below resumeSeq, 2 undeclared gap), resumeSeq}.
--- @include "add-event"
if redis.call('HGET', KEYS[1], 'epoch') ~= ARGV[1] then return {0, 0, 0, 0, 0, 0, 0, 0} end
local last = tonumber(redis.call('HGET', KEYS[1], 'lastSeq') or '0')
local resume = tonumber(redis.call('HGET', KEYS[1], 'resumeSeq') or '0')
local stored, dups, gaps, refused, why = 0, 0, 0, 0, 0
for i = 5, #ARGV, 4 do
  local seq = tonumber(ARGV[i])
  if seq < resume then
    refused, why = (i - 1) / 4, 1
    break
  elseif seq <= last then
    dups = dups + 1
  elseif seq > last + 1 and seq > resume then
    refused, why = (i - 1) / 4, 2
    break
  else
    if seq > last + 1 then gaps = gaps + (seq - last - 1) end
    add_event(KEYS[2], ARGV[2], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], ARGV[4], ARGV[3], 'mod')
    last = seq
    stored = stored + 1
  end
end
redis.call('HSET', KEYS[1], 'lastSeq', last)
return {1, last, stored, dups, gaps, refused, why, resume}
