-- wrk: each request carries a cursor picked at random from the file named by $CURSORS.
local cursors = {}
for line in io.lines(os.getenv("CURSORS")) do cursors[#cursors + 1] = line end
math.randomseed(os.time())
request = function()
  wrk.headers["x-next-cursor"] = cursors[math.random(#cursors)]
  return wrk.format(nil)
end
