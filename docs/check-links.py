"""Checks every relative markdown link (and image) in README.md and docs/*.md: the file exists,
and an anchor, if any, names a heading of that file (GitHub's slug rules).
   python3 docs/check-links.py   (from the repository root)"""
import glob, os, re, sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
files = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))

def strip_code(text):
    text = re.sub(r"```.*?```", "", text, flags=re.S)   # fenced blocks
    return re.sub(r"`[^`\n]*`", "", text)                 # inline code

def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r"`", "", s)
    s = re.sub(r"[^\w\- ]", "", s)   # keep letters, digits, _, -, space
    return s.replace(" ", "-")

def anchors(path):
    text = re.sub(r"```.*?```", "", open(path, encoding="utf-8").read(), flags=re.S)
    seen, out = {}, set()
    for m in re.finditer(r"^#{1,6} (.+)$", text, flags=re.M):
        base = slug(m.group(1))
        n = seen.get(base, 0)
        out.add(base if n == 0 else f"{base}-{n}")
        seen[base] = n + 1
    return out

bad = checked = 0
for path in files:
    text = strip_code(open(path, encoding="utf-8").read())
    for m in re.finditer(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text):
        target = m.group(1)
        if re.match(r"^[a-z]+:", target):   # http:, https:, mailto:
            continue
        checked += 1
        file_part, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
        if not os.path.exists(dest):
            print(f"{path}: {target}: no such file {dest}"); bad += 1; continue
        if anchor:
            if not dest.endswith(".md"):
                print(f"{path}: {target}: anchor on a non-markdown file"); bad += 1; continue
            if anchor not in anchors(dest):
                print(f"{path}: {target}: no heading '#{anchor}' in {dest}"); bad += 1
print(f"{checked} relative links checked, {bad} broken")
sys.exit(1 if bad else 0)
