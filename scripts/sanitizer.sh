# Sourced by scripts/test and scripts/sanitize: the environment of a sanitized build and its runs.
#   sanitizer_setup address|thread SCRATCH   exports the sanitizer's options; every sanitized
#                                           process writes its reports into SCRATCH/sanitizer-reports/
#   sanitizer_check PHASE                    prints the reports written so far (demangled), names
#                                           PHASE, and exits 1; nothing if there are none
#   quiet_link                               a filter for the build's output (see below)
#   sanitized_build                          swift build --build-tests with the sanitizer, into SCRATCH

sanitizer_setup() {
    sanitizer=$1
    case "$sanitizer" in address) sanitizer_tool=asan ;; thread) sanitizer_tool=tsan ;; esac
    sanitizer_scratch=$2
    sanitizer_reports="$PWD/$2/sanitizer-reports"
    rm -rf "$sanitizer_reports"
    mkdir -p "$sanitizer_reports"
    # log_path: a report goes to a file named after the process, whoever started it (the wire-level
    # tests read the server's stderr themselves, so a report there would go unseen).
    case "$sanitizer_tool" in
        asan)
            export ASAN_OPTIONS="log_path=$sanitizer_reports/asan:detect_leaks=1:detect_stack_use_after_return=1"
            # print_suppressions=0: else the toolchain leak it suppresses writes a report file too.
            export LSAN_OPTIONS="suppressions=$PWD/Tests/Sanitizers/lsan.supp:print_suppressions=0" ;;
        tsan)
            # Every race of a run is reported (no halt); a process with one exits 66. io_sync=0: by
            # default TSan counts a write to any socket and a later read of any other as ordering
            # the threads that made them, so one loop's reply would hide a race with the next loop's
            # request; the loops share memory only through locks and atomics, which TSan sees.
            export TSAN_OPTIONS="log_path=$sanitizer_reports/tsan:halt_on_error=0:second_deadlock_stack=1:io_sync=0" ;;
    esac
    # The Swift runtime's crash handler would take SIGSEGV and SIGBUS from the sanitizer's own.
    export SWIFT_BACKTRACE=enable=no
}

sanitizer_check() {
    local files=("$sanitizer_reports/$sanitizer_tool".*)
    [ -e "${files[0]}" ] || return 0
    for file in "${files[@]}"; do
        echo "===== $file"
        # Swift symbols are mangled in the reports; demangle them for reading.
        swift demangle --simplified < "$file" || cat "$file"
    done
    echo "$sanitizer: ${#files[@]} report(s) from $1" >&2
    exit 1
}

# The sanitizer runtimes' export lists name symbols that they define as local, and gold warns
# about each, on every link: those ~280 lines say nothing about this project.
quiet_link() { grep -v "^/usr/bin/ld.gold: warning: Cannot export local symbol '__${sanitizer_tool}_" || true; }

# Each module compiled whole (-wmo): measured alone under AddressSanitizer, from scratch, 306 CPU s
# against 352 file by file; in CI, beside two other builds, the steps cost what they did before
# (test 677 against 679 CPU s, sanitize-thread 632 against 635). Its LLVM work is split in two threads, one object per file, as
# the index store that SwiftPM's test discovery reads on Linux needs (a single-object whole-module
# build fails with "index output filenames do not match input source files").
# Debug information as line tables only (-gline-tables-only): a report still names each frame's
# file and line, and the compiler writes no variable or type information that no one reads here.
sanitized_build() {
    swift build --build-tests --sanitize="$sanitizer" --scratch-path "$sanitizer_scratch" \
        -Xswiftc -wmo -Xswiftc -num-threads -Xswiftc 2 -Xswiftc -gline-tables-only 2>&1 | quiet_link
}
