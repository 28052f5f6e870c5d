-- KEYS[1] the lease; ARGV: our token. Deletes the lease only while it holds our token.
if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end
