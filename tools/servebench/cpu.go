package main

import (
	"os"
	"strconv"
	"strings"
)

// cpuTicks is the CPU time (user and system, in clock ticks, 1/100 s on
// Linux) used so far by the process pid and its child processes (nginx's
// workers). A server's CPU per answer does not depend on how much of the
// machine the load generator and the neighbours took during the run, so
// it is steadier on a shared machine than requests per second.
func cpuTicks(pid int) int64 {
	total := procTicks(pid)
	kids, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + strconv.Itoa(pid) + "/children")
	for _, f := range strings.Fields(string(kids)) {
		if k, err := strconv.Atoi(f); err == nil {
			total += procTicks(k)
		}
	}
	return total
}

func procTicks(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// The command name may hold spaces; the fields after it do not.
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return utime + stime
}
