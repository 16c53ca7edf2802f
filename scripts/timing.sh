# Sourced by scripts/test, scripts/sanitize and scripts/generators: how long a part of a run took.
#   timing_start    marks now (wall seconds, and the CPU seconds this shell's ended children have used)
#   timing_since    prints "W s (C CPU s)": wall and children's CPU seconds since the last timing_start

# Fields 16 and 17 of /proc/PID/stat: user and system time of the children waited for, in ticks
# (100 a second on Linux), of the shell that called timing_start (its $BASHPID: the script, or a
# background shell of it), also when read inside $(…).
children_cpu() { awk '{ printf "%d", ($16 + $17) / 100 }' "/proc/$timing_pid/stat"; }

timing_start() { timing_pid=$BASHPID; timing_wall=$SECONDS timing_cpu=$(children_cpu); }

timing_since() { echo "$((SECONDS - timing_wall)) s ($(( $(children_cpu) - timing_cpu )) CPU s)"; }
