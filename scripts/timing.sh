# Sourced by scripts/test, scripts/sanitize and scripts/generators: how long a part of a run took.
#   timing_start    marks now (wall seconds, and the CPU seconds this shell's ended children have used)
#   timing_since    prints "W s (C CPU s)": wall and children's CPU seconds since the last timing_start

# Fields 16 and 17 of /proc/PID/stat: user and system time of the children waited for, in ticks
# (100 a second on Linux). $$ is the script's own shell, also inside $(…).
children_cpu() { awk '{ printf "%d", ($16 + $17) / 100 }' "/proc/$$/stat"; }

timing_start() { timing_wall=$SECONDS timing_cpu=$(children_cpu); }

timing_since() { echo "$((SECONDS - timing_wall)) s ($(( $(children_cpu) - timing_cpu )) CPU s)"; }
