-- The http benchmark's wrk script. Settings come from the environment:
--   BENCH_EDIT     ""      plain GETs of the URL (wrk's static request)
--                  "leaf"  PATCH the URL with a new bench-net mtu each time
--                  "entry" PATCH one random entry of BENCH_ENTRIES with a new description
--   BENCH_STREAM   for "entry" from several wrk processes at once: this one's number (> 0), which seeds
--                  its random entries and goes into its descriptions (else all send the same edits)
--   BENCH_PACE_MS  wait this long before each request (a paced latency probe)
--   BENCH_CAPTURE  "1": print the status and body start of the first few non-2xx answers
-- done() prints one line: WRK_JSON {...} with the counts and latencies.
local edit = os.getenv("BENCH_EDIT") or ""
local entries = tonumber(os.getenv("BENCH_ENTRIES") or "0")
local stream = tonumber(os.getenv("BENCH_STREAM") or "0")
local tag = ""
if stream > 0 then
  math.randomseed(stream)
  tag = stream .. "."
end
local pace = tonumber(os.getenv("BENCH_PACE_MS") or "0")
local capture = os.getenv("BENCH_CAPTURE") == "1"
local headers = { ["Content-Type"] = "application/yang-data+json" }
local n = 0

if edit == "leaf" then
  request = function()
    n = n + 1
    return wrk.format("PATCH", wrk.path, headers, '{"bench-net:mtu":' .. (1500 + n % 7000) .. '}')
  end
elseif edit == "entry" then
  request = function()
    n = n + 1
    local i = math.random(0, entries - 1)
    return wrk.format("PATCH", wrk.path .. "=eth" .. i, headers,
      '{"bench-net:interface":[{"name":"eth' .. i .. '","description":"access port ' .. i .. ', edit ' .. tag .. n .. '"}]}')
  end
end

if pace > 0 then
  delay = function() return pace end
end

if capture then
  local shown = 0
  response = function(status, hdrs, body)
    if status >= 300 and shown < 3 then
      shown = shown + 1
      io.write("WRK_BAD " .. status .. " " .. string.gsub(string.sub(body or "", 1, 400), "\n", " ") .. "\n")
    end
  end
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"durationUs":%d,"requests":%d,"bytes":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"non2xx":%d,"timeouts":%d,"meanUs":%.1f,"p50Us":%d,"p99Us":%d,"maxUs":%d}\n',
    summary.duration, summary.requests, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(99), latency.max))
end
