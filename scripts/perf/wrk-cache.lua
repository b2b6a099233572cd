-- wrk script of `npm run bench:web`: counts the answers the page cache served (x-cache: hit) and prints
-- them with the 99th percentile latency, for the bench to read.
local threads = {}
function setup(thread)
  table.insert(threads, thread)
end
function init(args)
  hits = 0
  answers = 0
end
function response(status, headers, body)
  answers = answers + 1
  if headers["x-cache"] == "hit" then hits = hits + 1 end
end
function done(summary, latency, requests)
  local h, n = 0, 0
  for _, thread in ipairs(threads) do
    h = h + thread:get("hits")
    n = n + thread:get("answers")
  end
  io.write(string.format("CACHE %d %d\n", h, n))
  io.write(string.format("P99US %d\n", latency:percentile(99)))
  io.write(string.format("ERRORS %d\n", summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
