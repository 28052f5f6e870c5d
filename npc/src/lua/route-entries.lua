-- Routes a tick's entries. KEYS: every stream involved. ARGV: group, maxlen, consumer, the marker
-- time to live (0: the source index names the source stream, XACKed here; else it names the
-- entry's routed-once marker, set NX here), then per entry: index of its source stream in KEYS,
-- its id, the number of inboxes and their indexes in KEYS (negative: an inbox this consumer owns, read here after the XADD), the number of fields and the
-- fields. Each entry is XACKed first and its XADDs run only when that XACK acknowledged it (not when
-- another process routed it already). Returns how many were routed here, and the owned inboxes'
-- entries this consumer took as {inbox, id, fields}.
local group, maxlen, consumer, ttl, i, routed, taken = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), 5, 0, {}
while i <= #ARGV do
  local source, id, inboxes = KEYS[tonumber(ARGV[i])], ARGV[i + 1], tonumber(ARGV[i + 2])
  i = i + 3
  local targets, owned = {}, {}
  for t = 1, inboxes do
    local k = tonumber(ARGV[i])
    targets[t], owned[t] = KEYS[math.abs(k)], k < 0
    i = i + 1
  end
  local count = tonumber(ARGV[i])
  local fields = {}
  for f = 1, count do fields[f] = ARGV[i + f] end
  i = i + count + 1
  local first
  if ttl > 0 then first = redis.call('SET', source, '1', 'NX', 'PX', ttl)
  else first = redis.call('XACK', source, group, id) == 1 end
  if first then
    for t = 1, inboxes do
      redis.call('XADD', targets[t], 'MAXLEN', '~', maxlen, '*', unpack(fields))
      if owned[t] then
        local read = redis.pcall('XREADGROUP', 'GROUP', group, consumer, 'COUNT', 100, 'STREAMS', targets[t], '>')
        if type(read) == 'table' and read[1] then
          for _, e in ipairs(read[1][2]) do taken[#taken + 1] = {targets[t], e[1], e[2]} end
        end
      end
    end
    routed = routed + 1
  end
end
return {routed, taken}
