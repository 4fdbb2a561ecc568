contest-story	1
id	s1
driver	sim
seed	7
rounds	6
kernel	v6.12	6.12.0	6.12.0	kept
kernel	v6.12-fix	6.12.0-fix	6.12.0-fix	kept
kernel	v6.12-rt	6.12.0-rt	6.12.0-rt	kept
kernel	v6.13-rc1	6.13.0-rc1	6.13.0-rc1	dropped
load	no_load
load	io_load
order	1	v6.12	v6.12-fix	v6.12-rt	v6.13-rc1
order	2	v6.12-fix	v6.12-rt	v6.12	v6.13-rc1
order	3	v6.12-rt	v6.12	v6.12-fix	v6.13-rc1
order	4	v6.12	v6.12-fix	v6.12-rt	v6.13-rc1
order	5	v6.12-fix	v6.12-rt	v6.12	v6.13-rc1
order	6	v6.12-rt	v6.12	v6.12-fix	v6.13-rc1
event	boot	round 1: v6.13-rc1 did not come up (try 1 of 3): 6.12.0 came up instead
event	boot	round 1: v6.13-rc1 did not come up (try 2 of 3): 6.12.0 came up instead
event	boot	round 1: v6.13-rc1 did not come up (try 3 of 3): 6.12.0 came up instead
event	drop	round 1: v6.13-rc1 dropped after 3 tries: it never came up; the series goes on without it
event	cut	round 4: v6.12-rt's boot ended between its runs (crash, hang or power loss); booting it again
event	note	stopped at round 5 (contest series stop); 'contest series resume' goes on
event	note	resumed at round 5
end
