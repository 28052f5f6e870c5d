-- KEYS[1] the lease; ARGV: our token, ttl (ms). Extends the lease only while it holds our token.
if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end
