#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# test-region-install.sh BUILDDIR CYCLESCOPE — a program built outside the
# source tree against the installed libcyclescope-region records correctly.
#
# Installs the build into a temporary DESTDIR (meson install --destdir),
# builds a C program (shared library) and a C++ program (static library) with
# nothing but `pkg-config --cflags --libs cyclescope-region` pointed into that
# DESTDIR, records both with `cyclescope record --regions` and checks the
# region rows in session.json against what the programs did: region "outer"
# entered 3 times with "inner" nested in it twice per entry, and the C++
# program's cs::region "scoped" 4 times after --skip-events 1 of 5 events.
# Exit 77 (skip) without a C compiler or pkg-config, and in a sanitizer build
# (third argument: b_sanitize), whose library needs clang's sanitizer runtime
# that a program built with plain `cc` does not link: the gcc build runs it.
set -euo pipefail
builddir=$(realpath "$1")
cyclescope=$(realpath "$2")
if [ "${3:-none}" != none ]; then
  echo "the installed library is built with -fsanitize=$3: skipped (the plain build runs this)"
  exit 77
fi

for tool in cc c++ pkg-config; do
  if ! command -v "$tool" >/dev/null; then
    echo "$tool is not installed: skipped"
    exit 77
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dest="$tmp/dest"
meson install -C "$builddir" --destdir "$dest" --no-rebuild --quiet >"$tmp/install.log" 2>&1 || {
  cat "$tmp/install.log"
  exit 1
}

pc=$(find "$dest" -name cyclescope-region.pc -print -quit)
if [ -z "$pc" ]; then
  echo "no cyclescope-region.pc under $dest"
  exit 1
fi
header=$(find "$dest" -path '*/include/cyclescope/region.h' -print -quit)
if [ -z "$header" ]; then
  echo "cyclescope/region.h was not installed"
  exit 1
fi
export PKG_CONFIG_PATH=$(dirname "$pc")
# The .pc file names the installed prefix; the sysroot puts it in DESTDIR.
export PKG_CONFIG_SYSROOT_DIR=$dest
libdir=$(pkg-config --variable=libdir cyclescope-region)
# pkgconf puts the sysroot in front of variables too; pkg-config does not.
case "$libdir" in
  "$dest"/*) ;;
  *) libdir=$dest$libdir ;;
esac

cat >"$tmp/tiny.c" <<'EOF'
#include <cyclescope/region.h>

static volatile unsigned long sink;

static void
spin (unsigned long n)
{
  for (unsigned long i = 0; i < n; i++)
    sink += i;
}

int
main (void)
{
  for (int e = 0; e < 3; e++)
    {
      cs_region_begin ("outer");
      spin (200000);
      for (int k = 0; k < 2; k++)
        {
          cs_region_begin ("inner");
          spin (100000);
          cs_region_end ();
        }
      cs_region_end ();
      cs_region_event_done ();
    }
  return 0;
}
EOF
cat >"$tmp/tiny.cc" <<'EOF'
#include <cyclescope/region.h>

static volatile unsigned long sink;

int
main ()
{
  for (int e = 0; e < 5; e++)
    {
      {
        cs::region r ("scoped");
        for (unsigned long i = 0; i < 300000; i++)
          sink += i;
      }
      cs_region_event_done ();
    }
  return 0;
}
EOF

# shellcheck disable=SC2046
cc -o "$tmp/tiny" "$tmp/tiny.c" $(pkg-config --cflags --libs cyclescope-region)
# The static library: its path, the flags for its dependencies.
# shellcheck disable=SC2046
# A coverage build (-Db_coverage=true) installs an instrumented archive: a
# program linking it needs the gcov runtime, as the build's own programs do.
coverage=
if nm "$libdir/libcyclescope-region.a" 2>/dev/null | grep __gcov_init >/dev/null; then
  coverage=--coverage
fi
c++ -o "$tmp/tiny-static" "$tmp/tiny.cc" $coverage $(pkg-config --cflags cyclescope-region) \
  "$libdir/libcyclescope-region.a" $(pkg-config --static --libs-only-l --libs-only-other cyclescope-region | sed 's/-lcyclescope-region//')
if readelf -d "$tmp/tiny-static" | grep -q cyclescope-region; then
  echo "tiny-static depends on the shared library"
  exit 1
fi

# region_calls SESSION.JSON NAME: the "calls" of region NAME in the first run.
region_calls() {
  grep -A1 "\"name\": \"$2\"" "$1" | grep -m1 '"calls"' | tr -dc '0-9'
}

export LD_LIBRARY_PATH=$libdir
"$cyclescope" record --regions --repeat 1 -o "$tmp/c.cyclescope" -- "$tmp/tiny" >"$tmp/c.log" 2>&1 || {
  cat "$tmp/c.log"
  exit 1
}
"$cyclescope" record --regions --skip-events 1 --repeat 1 -o "$tmp/cc.cyclescope" -- "$tmp/tiny-static" \
  >"$tmp/cc.log" 2>&1 || {
  cat "$tmp/cc.log"
  exit 1
}
unset LD_LIBRARY_PATH

fail=0
check() {
  if [ "$2" != "$3" ]; then
    echo "not ok: $1: got '$2', expected '$3'"
    fail=1
  else
    echo "ok: $1 = $3"
  fi
}
check "C program, calls of outer" "$(region_calls "$tmp/c.cyclescope/session.json" outer)" 3
check "C program, calls of inner" "$(region_calls "$tmp/c.cyclescope/session.json" inner)" 6
check "C++ static program, calls of scoped after --skip-events 1" \
  "$(region_calls "$tmp/cc.cyclescope/session.json" scoped)" 4
check "C program's sampling run has region marks" \
  "$(grep -c '"regions": "sampling-0.regions"' "$tmp/c.cyclescope/session.json")" 1
if grep -q "never called libcyclescope-region" "$tmp/c.log" "$tmp/cc.log"; then
  echo "not ok: the recorder says the library was never called"
  fail=1
fi
exit $fail
