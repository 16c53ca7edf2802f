"""What streams.py and longpolls.py share: a server started for them, and how they read its memory,
its CPU and its descriptor room."""
import os
import re
import resource
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "skeleton-server")


def start_server(binary, connections):
    """One event loop pinned to CPU 1 with room for `connections`, this process moved to CPU 0; its
    access log goes to a file, which never blocks it (a pipe read by a busy client can). Returns
    the process and its port."""
    log = tempfile.NamedTemporaryFile(prefix="skeleton-held-", suffix=".log")
    process = subprocess.Popen(["taskset", "-c", "1", binary, "--port", "0", "--threads", "1",
                                "--max-connections", str(connections)], stdout=log)
    process.log = log  # removed with the process object
    os.sched_setaffinity(0, {0})
    while True:
        match = re.search(rb"listening on http://[^\s]+:(\d+)", open(log.name, "rb").read(4096))
        if match:
            return process, int(match.group(1))
        if process.poll() is not None:
            raise RuntimeError("the server exited before listening")
        time.sleep(0.02)  # the server's first line is its readiness signal; there is no other


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def cpu_and_wait_ms(pid):
    """How long the process's threads have run, and been ready to run but waited for a CPU."""
    tasks = f"/proc/{pid}/task"
    stats = [open(f"{tasks}/{task}/schedstat").read().split() for task in os.listdir(tasks)]
    return sum(int(stat[0]) for stat in stats) / 1e6, sum(int(stat[1]) for stat in stats) / 1e6


def raise_descriptor_limit(wanted):
    """To `wanted` for this process and the server it starts (which needs CAP_SYS_RESOURCE above
    the hard limit), else to the hard limit; returns the limit."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(wanted, hard), max(wanted, hard)))
    except (ValueError, PermissionError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]
